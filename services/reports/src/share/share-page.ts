// The public page a shared link opens (/share/:id): Open Graph and Twitter tags so the post shows the
// card, then an immediate redirect to the calculator for a person who follows the link. No script.
import { reportsRoutes, routeUrl } from '@bodymetrics/contracts';
import { escapeHtml as e } from '@bodymetrics/mail';
import type { PageTexts } from '../pages/page-texts';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH } from './render-share-card';

export interface SharePageInput {
  publicBaseUrl: string;
  /** The card; null when the id is unknown (the default image is used). */
  card: { id: string; bmi: number; bmiCategory: string } | null;
  /** The words in the page's language (the request's Accept-Language). */
  texts: PageTexts;
}

export const shareImageUrl = (publicBaseUrl: string, id: string) =>
  `${publicBaseUrl}${routeUrl(reportsRoutes.shareImage, {}, { name: `${id}.png` })}`;
export const sharePageUrl = (publicBaseUrl: string, id: string) =>
  `${publicBaseUrl}${routeUrl(reportsRoutes.sharePage, {}, { id })}`;
export const defaultShareImageUrl = (publicBaseUrl: string) => `${publicBaseUrl}/share-default.png`;

export function renderSharePage({ publicBaseUrl, card, texts }: SharePageInput): string {
  const { description } = texts.share;
  const title = card ? texts.share.cardTitle(card.bmi, card.bmiCategory) : texts.share.defaultTitle;
  const image = card ? shareImageUrl(publicBaseUrl, card.id) : defaultShareImageUrl(publicBaseUrl);
  const url = card ? sharePageUrl(publicBaseUrl, card.id) : `${publicBaseUrl}/`;
  const alt = card ? texts.share.cardAlt(card.bmi, card.bmiCategory) : 'BodyMetrics';
  return `<!doctype html>
<html lang="${texts.lang}">
<head>
<meta charset="utf-8">
<title>${e(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${e(description)}">
<meta name="robots" content="noindex">
<meta property="og:type" content="website">
<meta property="og:site_name" content="BodyMetrics">
<meta property="og:title" content="${e(title)}">
<meta property="og:description" content="${e(description)}">
<meta property="og:image" content="${e(image)}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="${SHARE_CARD_WIDTH}">
<meta property="og:image:height" content="${SHARE_CARD_HEIGHT}">
<meta property="og:image:alt" content="${e(alt)}">
<meta property="og:url" content="${e(url)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${e(title)}">
<meta name="twitter:description" content="${e(description)}">
<meta name="twitter:image" content="${e(image)}">
<meta http-equiv="refresh" content="0;url=/">
</head>
<body>
<p><a href="/">${e(texts.share.calculate)}</a></p>
</body>
</html>
`;
}
