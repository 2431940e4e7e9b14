// "Share on WhatsApp" (spec §7): ask the server for a share card and its share page, then open WhatsApp
// with one of the engine's ten share texts, in the page's language, linking to that page. When the card
// cannot be made, the text links to the site itself and the page's share image falls back to the default
// one.
import { shareText, type HealthResult } from '@bodymetrics/health';
import { reportsRoutes } from '@bodymetrics/contracts';
import { call } from '@bodymetrics/web-kit/api';
import { randomId } from '../lib/ids';
import { language } from '../texts/i18n';
import { setShareImageMeta } from './page-meta';

export const DEFAULT_SHARE_IMAGE = '/share-default.png';
const SHARE_TEXT_COUNT = 10;

export function whatsappUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

async function shareLink(result: Pick<HealthResult, 'bmi' | 'bmiCategory'>): Promise<string> {
  try {
    const answer = await call(reportsRoutes.generateShareImage, {
      body: {
        results: { bmi: result.bmi, bmiCategory: result.bmiCategory },
        platform: 'whatsapp',
        uniqueId: randomId(),
      },
    });
    setShareImageMeta(answer.imageUrl);
    return answer.shareUrl;
  } catch (error) {
    console.debug('[share] no share image, using the default', error);
    setShareImageMeta(DEFAULT_SHARE_IMAGE);
    return `${location.origin}/`;
  }
}

export async function shareOnWhatsApp(result: Pick<HealthResult, 'bmi' | 'bmiCategory'>): Promise<void> {
  // The tab is opened now, inside the click, or popup blockers would stop it once the answer arrives.
  // It is cut from this page (opener = null) before it is sent anywhere.
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  const link = await shareLink(result);
  const text = shareText(result.bmi, Math.floor(Math.random() * SHARE_TEXT_COUNT), link, language.get());
  const url = whatsappUrl(text);
  if (tab) tab.location.href = url;
  // Popups refused: go there in this tab; the stored session brings the results back on return.
  else window.location.assign(url);
}
