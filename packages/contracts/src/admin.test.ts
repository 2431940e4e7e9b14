import { describe, expect, it } from 'vitest';
import { adminPasswordMessages, adminPasswordProblem, forgotPasswordBodySchema } from './admin';

describe('adminPasswordProblem', () => {
  it.each([
    ['', adminPasswordMessages.tooShort],
    ['abc1234', adminPasswordMessages.tooShort],
    ['abcdefgh', adminPasswordMessages.lettersAndDigits],
    ['12345678', adminPasswordMessages.lettersAndDigits],
    ['!!!!!!!!1', adminPasswordMessages.lettersAndDigits],
    ['abcdefg1', null],
    ['parolă123', null],
  ])('%j → %s', (password, expected) => {
    expect(adminPasswordProblem(password)).toBe(expected);
  });
});

describe('forgotPasswordBodySchema', () => {
  it('needs an email or a username', () => {
    expect(forgotPasswordBodySchema.safeParse({}).success).toBe(false);
    expect(forgotPasswordBodySchema.safeParse({ email: 'a@b.ro' }).success).toBe(true);
    expect(forgotPasswordBodySchema.safeParse({ username: 'admin' }).success).toBe(true);
  });
});
