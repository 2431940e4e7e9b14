// The 1200×630 PNG card behind og:image: the BMI, its category and the product's name — nothing
// personal. satori lays the card out as SVG (it needs a real font: Inter from @fontsource, as .woff,
// which satori reads; it cannot read woff2), resvg rasterises it.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Resvg } from '@resvg/resvg-js';
import type Satori from 'satori';
import { bmiColorBand, formatNumber1, type BmiCategory } from '@bodymetrics/health';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

const toneColors = { blue: '#2563eb', green: '#16a34a', orange: '#ea580c', red: '#dc2626' } as const;

interface SatoriNode {
  type: string;
  props: {
    style?: Record<string, string | number>;
    children?: (SatoriNode | string)[] | SatoriNode | string;
  };
}
const el = (
  type: string,
  style: Record<string, string | number>,
  children?: SatoriNode['props']['children'],
): SatoriNode => ({
  type,
  props: { style, children },
});

function card(bmi: number, category: BmiCategory): SatoriNode {
  const color = toneColors[bmiColorBand(bmi).tone];
  return el(
    'div',
    {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      // satori's boxes are content-box by default: without this the padding pushes the last line off the card.
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 80px',
      backgroundImage: 'linear-gradient(135deg, #0f766e 0%, #134e4a 100%)',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    [
      el('div', { display: 'flex', fontSize: 44, fontWeight: 700 }, 'BodyMetrics'),
      el('div', { display: 'flex', flexDirection: 'column' }, [
        el('div', { display: 'flex', fontSize: 40, opacity: 0.85 }, 'My BMI'),
        el('div', { display: 'flex', alignItems: 'center' }, [
          el('div', { display: 'flex', fontSize: 180, fontWeight: 700, lineHeight: 1 }, formatNumber1(bmi)),
          el(
            'div',
            {
              display: 'flex',
              marginLeft: 48,
              padding: '12px 32px',
              borderRadius: 999,
              backgroundColor: '#ffffff',
              color,
              fontSize: 48,
              fontWeight: 700,
            },
            category,
          ),
        ]),
      ]),
      el(
        'div',
        { display: 'flex', fontSize: 36, opacity: 0.9 },
        'Check yours free — BMI, body fat & metabolic age',
      ),
    ],
  );
}

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([
    readFile(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff')),
    readFile(require.resolve('@fontsource/inter/files/inter-latin-700-normal.woff')),
  ]).then(([regular, bold]) => ({ regular, bold })));

/** satori and resvg are imported at the first card, not at start, as mjml is (render-report-email.ts). */
let renderers: Promise<[typeof Satori, typeof Resvg]> | undefined;
const loadRenderers = () =>
  (renderers ??= Promise.all([
    import('satori').then((module) => module.default),
    import('@resvg/resvg-js').then((module) => module.Resvg),
  ]));

export async function renderShareCard(bmi: number, category: BmiCategory): Promise<Buffer> {
  const [[satori, Renderer], { regular, bold }] = await Promise.all([loadRenderers(), loadFonts()]);
  const svg = await satori(card(bmi, category) as unknown as Parameters<typeof Satori>[0], {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts: [
      { name: 'Inter', data: regular, weight: 400, style: 'normal' },
      { name: 'Inter', data: bold, weight: 700, style: 'normal' },
    ],
  });
  return new Renderer(svg, { fitTo: { mode: 'width', value: SHARE_CARD_WIDTH } }).render().asPng();
}

/**
 * Identical (BMI, category) cards are the same picture: keep the last few renders (a render takes tens
 * of milliseconds of CPU; most visitors share one of a few hundred BMI values).
 */
export function createShareCardCache(limit = 128) {
  const cache = new Map<string, Promise<Buffer>>();
  return (bmi: number, category: BmiCategory): Promise<Buffer> => {
    const key = `${formatNumber1(bmi)}|${category}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key); // re-insert: most recently used last
      cache.set(key, hit);
      return hit;
    }
    const rendering = renderShareCard(bmi, category);
    cache.set(key, rendering);
    rendering.catch(() => cache.delete(key));
    while (cache.size > limit) cache.delete(cache.keys().next().value!);
    return rendering;
  };
}
