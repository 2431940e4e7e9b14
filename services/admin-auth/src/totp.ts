// TOTP (RFC 6238) through otplib: 30-second steps, six digits, SHA-1 — what every authenticator app reads
// from an otpauth URI. A code is accepted one step either side of now (clock drift), and only for a step
// after the last one accepted for the admin, so a code seen over a shoulder cannot be used again.
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The issuer the authenticator app lists the account under. */
export const totpIssuer = 'BodyMetrics';

/** 20 random bytes (160 bits, RFC 4226's recommendation), base32 as the apps expect. */
export const newTotpSecret = (): string => generateSecret();

export const otpauthUriOf = (secret: string, username: string): string =>
  generateURI({ issuer: totpIssuer, label: username, secret });

/** The QR code of the otpauth URI, as a PNG data URL the enrolment screen shows as an image. */
export const qrCodeDataUrlOf = (otpauthUri: string): Promise<string> =>
  QRCode.toDataURL(otpauthUri, { margin: 1, width: 240, errorCorrectionLevel: 'M' });

/**
 * The time-step of `code` if it is right and newer than `lastUsedStep`; null when it is wrong or of a step
 * already used (a replay).
 */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  lastUsedStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  // The functional verify answers for HOTP too; a TOTP check always carries its time-step.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
