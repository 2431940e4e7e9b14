// @vitest-environment jsdom
// The footer of spec §2 on the admin screens (login, forgot password, reset password): the six links to the
// public site's pages and the copyright line. No server is needed: none of these screens calls one on render.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App';
import { footerTexts, forgotPasswordTexts, loginTexts, resetPasswordTexts } from '../texts';

interface JsdomGlobal {
  jsdom: { reconfigure(options: { url: string }): void };
}
const openPage = (path: string) =>
  (globalThis as unknown as JsdomGlobal).jsdom.reconfigure({ url: `http://127.0.0.1${path}` });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** The footer as the operator reads it: each link's name and where it goes, then the copyright line. */
function footerOf(): { links: Array<[string, string | null]>; copyright: string | null | undefined } {
  const footer = screen.getByRole('contentinfo');
  const nav = within(footer).getByRole('navigation', { name: footerTexts.navigation });
  return {
    links: within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent ?? '', link.getAttribute('href')]),
    copyright: footer.querySelector('.admin-footer__copyright')?.textContent,
  };
}

const expectedFooter = {
  links: [
    ['Termeni și condiții', '/legal/terms'],
    ['Politica de confidențialitate', '/legal/privacy'],
    ['Publicitate și sponsorizare', '/legal/advertising'],
    ['Contact', '/legal/contact'],
    ['Politica de cookie-uri', '/legal/cookies'],
    ['Declinarea responsabilității medicale', '/legal/disclaimer'],
  ],
  copyright: `© ${new Date().getFullYear()} BodyMetrics. Toate drepturile rezervate.`,
};

describe('the admin footer', () => {
  it('is under the login screen and the forgot-password form', async () => {
    openPage('/admin/');
    render(<App />);
    await screen.findByRole('button', { name: loginTexts.submit });
    expect(footerOf()).toEqual(expectedFooter);
    // The pages it links to are the public site's, in English.
    for (const link of within(screen.getByRole('contentinfo')).getAllByRole('link')) {
      expect(link.getAttribute('hreflang')).toBe('en');
    }

    fireEvent.click(screen.getByRole('button', { name: forgotPasswordTexts.toggle }));
    await screen.findByRole('heading', { name: forgotPasswordTexts.heading });
    expect(footerOf()).toEqual(expectedFooter);
  });

  it('is under the reset-password screen', async () => {
    openPage('/admin/reset-password?token=reset-token-1');
    render(<App />);
    await screen.findByRole('heading', { name: resetPasswordTexts.heading });
    expect(footerOf()).toEqual(expectedFooter);
  });
});
