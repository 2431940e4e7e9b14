import { adminPasswordMessages, adminPasswordMinLength } from '@bodymetrics/contracts';
import { describe, expect, it } from 'vitest';
import { passwordMinLength, passwordResetError, passwordResetMessages } from './password-reset-rules';

describe('password reset form checks', () => {
  it('asks for both fields first', () => {
    expect(passwordResetError('', '')).toBe('Te rog completează toate câmpurile');
    expect(passwordResetError('abc12345', '')).toBe('Te rog completează toate câmpurile');
    expect(passwordResetError('', 'abc12345')).toBe('Te rog completează toate câmpurile');
  });

  it('then that they match, before the length', () => {
    expect(passwordResetError('abc', 'abd')).toBe('Parolele nu se potrivesc');
  });

  it('then at least 8 characters', () => {
    expect(passwordResetError('abc1234', 'abc1234')).toBe('Parola trebuie să aibă cel puțin 8 caractere');
    expect(passwordResetError('ăîșțâ12', 'ăîșțâ12')).toBe('Parola trebuie să aibă cel puțin 8 caractere');
  });

  it('lets the form through at 8 characters: letters and digits are left to the server', () => {
    expect(passwordResetError('abc12345', 'abc12345')).toBeNull();
    expect(passwordResetError('abcdefgh', 'abcdefgh')).toBeNull();
  });

  it('shows the hint and the fallback server message in the spec words', () => {
    expect(passwordResetMessages.hint).toBe(
      'Parola trebuie să aibă cel puțin 8 caractere și să conțină litere și cifre',
    );
    expect(passwordResetMessages.serverFallback).toBe('Nu s-a putut reseta parola');
  });

  it('agrees with the server rule on length and wording', () => {
    expect(passwordMinLength).toBe(adminPasswordMinLength);
    expect(passwordResetMessages.tooShort).toBe(adminPasswordMessages.tooShort);
  });
});
