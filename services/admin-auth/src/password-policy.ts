// The rules a new admin password must pass beyond the shared length/letters-and-digits rule
// (adminPasswordProblem in contracts, which the admin screen also checks as the operator types):
// NIST SP 800-63B §5.1.1.2 — not a commonly used or breached password, and not built on the username.
// The list is @zxcvbn-ts/language-common's "passwords-common" (≈49 000 entries ranked from public
// breach corpora), kept server-side so the admin screen's bundle does not carry it.
import { dictionary } from '@zxcvbn-ts/language-common';
import { adminPasswordProblem } from '@bodymetrics/contracts';

export const weakPasswordMessages = {
  common: 'Parola este prea des folosită sau a apărut în scurgeri de parole cunoscute; alege alta',
  containsUsername: 'Parola nu poate conține numele de utilizator',
} as const;

/** Compared the way a login compares (NFKC) and without case: `Password1` is as guessable as `password1`. */
const canonical = (value: string) => value.normalize('NFKC').toLowerCase();

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map(canonical)));

/** Why `password` may not become the password of `username`, or null when it may. */
export function newPasswordProblem(password: string, username: string | undefined): string | null {
  const basic = adminPasswordProblem(password);
  if (basic) return basic;
  const candidate = canonical(password);
  if (commonPasswords().has(candidate)) return weakPasswordMessages.common;
  const name = username ? canonical(username.trim()) : '';
  if (name && candidate.includes(name)) return weakPasswordMessages.containsUsername;
  return null;
}
