// Client checks of the password reset form (spec §5), in the spec's order and with its exact words.
export const passwordMinLength = 8;

export const passwordResetMessages = {
  required: 'Te rog completează toate câmpurile',
  mismatch: 'Parolele nu se potrivesc',
  tooShort: 'Parola trebuie să aibă cel puțin 8 caractere',
  hint: 'Parola trebuie să aibă cel puțin 8 caractere și să conțină litere și cifre',
  serverFallback: 'Nu s-a putut reseta parola',
} as const;

/** The first rule the two fields break, or null when the client lets the form through. */
export function passwordResetError(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return passwordResetMessages.required;
  if (password !== confirmation) return passwordResetMessages.mismatch;
  // Characters as a person counts them (code points), as the server's rule does.
  if ([...password].length < passwordMinLength) return passwordResetMessages.tooShort;
  return null;
}
