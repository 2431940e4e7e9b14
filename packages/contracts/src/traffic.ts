// Traffic-source classification of spec §9, shared by the public app (first touch it reports) and the
// aggregator (which classifies again from the referrer and landing URL, so every row follows one rule).
// UTM parameters win when present; then the referrer's domain decides; no referrer is direct.
const searchEngines = ['google', 'bing', 'yahoo', 'duckduckgo'] as const;
const socialNetworks = ['facebook', 'twitter', 'linkedin', 'instagram', 'tiktok', 'pinterest'] as const;

export interface ClassifiedTrafficSource {
  source: string;
  medium: string;
  referrerDomain: string | null;
  campaign: string | null;
  keyword: string | null;
}

const hostOf = (url: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase() || null;
  } catch {
    return null;
  }
};

/** The brand a host belongs to when it is one of the named engines or networks (www.google.co.uk → google). */
const brandOf = (host: string, brands: readonly string[]): string | undefined => {
  const labels = host.split('.');
  return brands.find(
    (b) => labels.includes(b) || (b === 'twitter' && (host === 't.co' || labels.includes('x'))),
  );
};

export function classifyTrafficSource(input: {
  referrer?: string | null;
  pageUrl?: string | null;
  siteHost?: string | null;
}): ClassifiedTrafficSource {
  let params: URLSearchParams | undefined;
  try {
    params = input.pageUrl ? new URL(input.pageUrl, 'http://placeholder.invalid').searchParams : undefined;
  } catch {
    params = undefined;
  }
  const referrerDomain = hostOf(input.referrer);
  const campaign = params?.get('utm_campaign')?.slice(0, 256) || null;
  const keyword = params?.get('utm_term')?.slice(0, 256) || null;
  const utmSource = params?.get('utm_source')?.slice(0, 256)?.toLowerCase();
  if (utmSource) {
    return {
      source: utmSource,
      medium: params?.get('utm_medium')?.slice(0, 256)?.toLowerCase() || 'referral',
      referrerDomain,
      campaign,
      keyword,
    };
  }
  const pageHost = input.siteHost ?? hostOf(input.pageUrl);
  if (!referrerDomain || (pageHost && referrerDomain === pageHost)) {
    return { source: 'direct', medium: 'none', referrerDomain: null, campaign, keyword };
  }
  const engine = brandOf(referrerDomain, searchEngines);
  if (engine) return { source: engine, medium: 'organic', referrerDomain, campaign, keyword };
  const social = brandOf(referrerDomain, socialNetworks);
  if (social) return { source: social, medium: 'social', referrerDomain, campaign, keyword };
  return {
    source: referrerDomain.replace(/^www\./, ''),
    medium: 'referral',
    referrerDomain,
    campaign,
    keyword,
  };
}
