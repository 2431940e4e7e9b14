// Recovery codes: ten per enrolment, each 16 base32 letters (80 random bits) in groups of four, shown once.
// Only their SHA-256 is kept: a code this random cannot be found from its hash by trying, so the slow
// password hash would add cost at every sign-in and no protection; the hash also finds the row directly.
import { randomBytes } from 'node:crypto';
import { normalRecoveryCode } from '@bodymetrics/contracts';
import { sha256Hex } from './secrets';

export const recoveryCodeCount = 10;
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function newRecoveryCode(): string {
  // 16 bytes, one letter each from its low 5 bits: 32 divides 256, so every letter is equally likely.
  const letters = [...randomBytes(16)].map((byte) => alphabet[byte % 32]).join('');
  return normalRecoveryCode(letters);
}

export const newRecoveryCodes = (): string[] => Array.from({ length: recoveryCodeCount }, newRecoveryCode);

/** The stored form of a code as the admin typed it (any case, any separator). */
export const recoveryCodeHash = (typed: string): string => sha256Hex(normalRecoveryCode(typed));
