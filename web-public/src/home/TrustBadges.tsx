import { homeTexts } from '../texts/home';
import { useTexts } from '../texts/i18n';

const BADGES = [
  { label: 'badgeSecure', icon: 'M12 2l8 3v6c0 5-3.5 9.5-8 11-4.5-1.5-8-6-8-11V5l8-3z' },
  { label: 'badgeNoEmail', icon: 'M4 6h16v12H4zM4 6l8 7 8-7' },
  {
    label: 'badgeTrusted',
    icon: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
  },
] as const;

export function TrustBadges() {
  const t = useTexts(homeTexts);
  return (
    <ul className="trust-badges" aria-label={t.badgesLabel}>
      {BADGES.map((badge) => (
        <li key={badge.label} className="trust-badge">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d={badge.icon} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          <span>{t[badge.label]}</span>
        </li>
      ))}
    </ul>
  );
}
