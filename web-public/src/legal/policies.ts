// The policy pages of spec §2 and the names their failure message uses.
export const POLICY_NAMES = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  advertising: 'Advertising & Sponsorship Disclosure',
  cookies: 'Cookie Policy',
  disclaimer: 'Medical Disclaimer',
} as const;
export type PolicySlug = keyof typeof POLICY_NAMES;

export function isPolicySlug(slug: string): slug is PolicySlug {
  return Object.hasOwn(POLICY_NAMES, slug);
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Last updated" date as words (the server sends an ISO timestamp at midnight UTC). */
export function formatLastUpdated(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
