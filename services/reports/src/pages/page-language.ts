// The language of a page a person opens straight from a link (share page, newsletter links): Romanian
// when the browser's Accept-Language prefers a ro* tag over any English one, else English. The
// registry's negotiator (@fastify/accept-negotiator) matches whole tokens only, so "ro-RO" would not
// count as Romanian there; this reads the header's q-values itself (RFC 9110 §12.5.4).
import type { ReportLanguage } from '@bodymetrics/contracts';

const QUALITY = /^q=([01](?:\.\d{0,3})?)$/i;

/** The language for an Accept-Language header (undefined, empty or unreadable → English). */
export function pageLanguage(acceptLanguage: string | undefined): ReportLanguage {
  let best: { language: ReportLanguage; quality: number } = { language: 'en', quality: 0 };
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
    const primary = tag.toLowerCase().split('-')[0];
    const language = primary === 'ro' ? 'ro' : primary === 'en' || primary === '*' ? 'en' : null;
    if (!language) continue;
    const q = params.map((param) => QUALITY.exec(param)).find(Boolean);
    const quality = q ? Number(q[1]) : 1;
    // Equal qualities keep the earlier tag: the header lists the browser's order of preference.
    if (quality > best.quality) best = { language, quality };
  }
  return best.language;
}

/** The header every answer that depends on pageLanguage must carry, so caches keep one copy per language. */
export const VARY_LANGUAGE = 'Accept-Language';
