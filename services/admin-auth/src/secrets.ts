// Unguessable identifiers: session ids and reset tokens are 32 random bytes (256 bits), base64url.
import { createHash, randomBytes } from 'node:crypto';

export const newSessionId = (): string => randomBytes(32).toString('base64url');
export const newResetToken = (): string => randomBytes(32).toString('base64url');
/** Reset tokens are stored only as their SHA-256: a leaked table does not hand out working links. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');
