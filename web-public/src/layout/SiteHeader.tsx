import { Link } from 'wouter';
import { LanguageSwitch } from './LanguageSwitch';
import { LogoMark } from './LogoMark';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link href="/" className="brand">
          <LogoMark className="brand__mark" />
          <span className="brand__name">BodyMetrics</span>
        </Link>
        <LanguageSwitch />
      </div>
    </header>
  );
}
