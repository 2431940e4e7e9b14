// The policy pages of spec §2, by slug (their names, in each language, are in texts/pages.ts).
const POLICY_SLUGS = ['terms', 'privacy', 'advertising', 'cookies', 'disclaimer'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export function isPolicySlug(slug: string): slug is PolicySlug {
  return (POLICY_SLUGS as readonly string[]).includes(slug);
}
