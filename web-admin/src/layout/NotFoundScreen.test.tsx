// @vitest-environment jsdom
// An address under /admin that is no screen of the panel shows the Romanian not-found screen (with the
// footer and a way back to the panel), not the login form; the panel's own routes keep their screens.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App';

interface JsdomGlobal {
  jsdom: { reconfigure(options: { url: string }): void };
}
const openPage = (path: string) =>
  (globalThis as unknown as JsdomGlobal).jsdom.reconfigure({ url: `http://127.0.0.1${path}` });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const heading = '404 Pagina nu a fost găsită';

describe('the admin not-found screen', () => {
  it.each(['/admin/nope', '/admin/nope?x=1', '/admin/dashboard', '/admin/reset-password/more'])(
    'is what %s shows, with a link back to the panel',
    async (path) => {
      openPage(path);
      render(<App />);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeDefined();
      expect(document.title).toBe(`${heading} | BodyMetrics`);
      expect(screen.queryByRole('button', { name: 'Autentificare' })).toBeNull();
      expect(screen.getByRole('contentinfo')).toBeDefined();

      fireEvent.click(screen.getByRole('link', { name: 'Mergi la panoul de administrare' }));
      expect(window.location.pathname).toMatch(/^\/admin\/?$/);
      expect(await screen.findByRole('button', { name: 'Autentificare' })).toBeDefined();
      expect(screen.queryByRole('heading', { name: heading })).toBeNull();
    },
  );

  it.each([
    ['/admin', 'Panou de administrare'],
    ['/admin/', 'Panou de administrare'],
    ['/admin/reset-password?token=reset-token-1', 'Setează o parolă nouă'],
    ['/admin/reset-password/?token=reset-token-1', 'Setează o parolă nouă'],
  ])('is not shown at %s, a screen of the panel', async (path, screenHeading) => {
    openPage(path);
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: screenHeading })).toBeDefined();
    expect(screen.queryByRole('heading', { name: heading })).toBeNull();
  });
});
