// The footer of every admin screen (spec §2: "a footer on every page"): the public site's policy pages,
// its contact form and the copyright line. Not web-public's SiteFooter: that one is English, carries the
// visitor's storage choices and navigates inside the public app; these are plain links out of /admin
// (the admin router's base would otherwise be put in front of them).
import { footerTexts } from '../texts';

const footerLinks = [
  { href: '/legal/terms', label: footerTexts.terms },
  { href: '/legal/privacy', label: footerTexts.privacy },
  { href: '/legal/advertising', label: footerTexts.advertising },
  { href: '/legal/contact', label: footerTexts.contact },
  { href: '/legal/cookies', label: footerTexts.cookies },
  { href: '/legal/disclaimer', label: footerTexts.disclaimer },
] as const;

export function AdminFooter() {
  return (
    <footer className="admin-footer">
      <nav aria-label={footerTexts.navigation}>
        <ul className="admin-footer__links">
          {footerLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} hrefLang="en">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="admin-footer__copyright">{footerTexts.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
