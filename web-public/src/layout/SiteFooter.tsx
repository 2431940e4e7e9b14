// The footer of every page (spec §2): the policy pages, contact, the visitor's storage choice (to change
// it at any time, as the Cookie Policy promises) and the copyright line. Below every page's content, it is
// loaded after the first paint (App.tsx).
import { Link } from 'wouter';
import { openStorageChoices } from '../privacy/storage-choice';
import { footerTexts } from '../texts/footer';
import { useTexts } from '../texts/i18n';

const FOOTER_LINKS = [
  { href: '/legal/terms', label: 'terms' },
  { href: '/legal/privacy', label: 'privacy' },
  { href: '/legal/advertising', label: 'advertising' },
  { href: '/legal/contact', label: 'contact' },
  { href: '/legal/cookies', label: 'cookies' },
  { href: '/legal/disclaimer', label: 'disclaimer' },
] as const;

export default function SiteFooter() {
  const t = useTexts(footerTexts);
  return (
    <footer className="site-footer">
      <nav aria-label={t.nav} className="site-footer__nav">
        <ul>
          {FOOTER_LINKS.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{t[link.label]}</Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              id="privacy-choices-button"
              className="site-footer__button"
              onClick={openStorageChoices}
            >
              {t.privacyChoices}
            </button>
          </li>
        </ul>
      </nav>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} BodyMetrics. {t.rights}
      </p>
    </footer>
  );
}
