// Click ids: the visitor's page makes one UUID per offer click, puts it in place of
// `{clickId}` in the offer's URL it opens — where an affiliate network's sub-id parameter takes it — and sends it
// with the click call; the network's postback names it back (GET /api/postback?click_id=…), so a conversion
// finds its click. Without zod: the visitor app's tracker imports this module alone.

/** The placeholder an offer's URL may carry, in its path or query: `https://net.example/?sub1={clickId}`. */
export const clickIdPlaceholder = '{clickId}';

/**
 * Whether a `{clickId}` in `url` sits outside its path and query (scheme, host, user info or fragment),
 * where a click id would change where the link goes or never reach the network. False without a placeholder.
 */
export function clickIdPlaceholderMisplaced(url: string): boolean {
  const first = url.indexOf(clickIdPlaceholder);
  if (first < 0) return false;
  const authorityStart = url.indexOf('//');
  if (authorityStart < 0) return true;
  const afterAuthority = url.slice(authorityStart + 2).search(/[/?#]/);
  if (afterAuthority < 0) return true;
  const pathStart = authorityStart + 2 + afterAuthority;
  if (first < pathStart || url[pathStart] === '#') return true;
  const fragment = url.indexOf('#');
  return fragment >= 0 && fragment < url.lastIndexOf(clickIdPlaceholder);
}

/** The URL the page opens for one click: every `{clickId}` replaced by the click's id, URL-encoded. */
export const offerUrlWithClickId = (url: string, clickId: string): string =>
  url.split(clickIdPlaceholder).join(encodeURIComponent(clickId));
