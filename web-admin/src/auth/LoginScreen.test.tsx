// @vitest-environment jsdom
// The login screen's keyboard path through "Ai uitat parola?": the form opens with the focus on its e-mail
// field, and "Înapoi la autentificare" hands the focus back to the link that opened it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App';
import { forgotPasswordTexts, loginTexts } from '../texts';

interface JsdomGlobal {
  jsdom: { reconfigure(options: { url: string }): void };
}

afterEach(() => cleanup());

describe('the login screen by keyboard', () => {
  it('returns the focus to "Ai uitat parola?" when the forgot-password form is left', async () => {
    (globalThis as unknown as JsdomGlobal).jsdom.reconfigure({ url: 'http://127.0.0.1/admin/' });
    render(<App />);
    await screen.findByRole('button', { name: loginTexts.submit });

    fireEvent.click(screen.getByRole('button', { name: forgotPasswordTexts.toggle }));
    expect(document.activeElement).toBe(screen.getByLabelText(forgotPasswordTexts.email));

    fireEvent.click(screen.getByRole('button', { name: forgotPasswordTexts.cancel }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: forgotPasswordTexts.toggle }));
  });
});
