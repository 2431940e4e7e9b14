// The footer of every page (spec §2): the policy pages, contact, the visitor's storage choice (to change
// it at any time, as the Cookie Policy promises) and the copyright line.
import { Link } from 'wouter';
import { openStorageChoices } from '../privacy/storage-choice';

const FOOTER_LINKS = [
  { href: '/legal/terms', label: 'Terms of Service' },
  { href: '/legal/privacy', label: 'Privacy Policy' },
  { href: '/legal/advertising', label: 'Advertising & Sponsorship' },
  { href: '/legal/contact', label: 'Contact' },
  { href: '/legal/cookies', label: 'Cookie Policy' },
  { href: '/legal/disclaimer', label: 'Medical Disclaimer' },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <nav aria-label="Legal and contact" className="site-footer__nav">
        <ul>
          {FOOTER_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              id="privacy-choices-button"
              className="site-footer__button"
              onClick={openStorageChoices}
            >
              Privacy choices
            </button>
          </li>
        </ul>
      </nav>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} BodyMetrics. All rights reserved. For information only, not medical
        advice.
      </p>
    </footer>
  );
}
