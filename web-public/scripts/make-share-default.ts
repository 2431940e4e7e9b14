// Renders public/share-default.png (1200×630), the share image used when a personal share card cannot be
// made (spec §7). Run once when the design changes: `pnpm --filter @bodymetrics/web-public share-default`.
// The PNG is committed, so builds never need the renderer.
import { Resvg } from '@resvg/resvg-js';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b5cad"/>
      <stop offset="1" stop-color="#083d73"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="80" y="80" width="120" height="120" rx="30" fill="#ffffff"/>
  <path d="M98 145h24l10-24 16 48 12-32 6 8h36" fill="none" stroke="#0b5cad" stroke-width="9"
        stroke-linecap="round" stroke-linejoin="round"/>
  <text x="230" y="160" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" font-weight="700" fill="#ffffff">BodyMetrics</text>
  <text x="80" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="#ffffff">Check your BMI for free</text>
  <text x="80" y="410" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#dbe8f7">Body fat · Metabolic age · Daily energy · Nutrition plan</text>
  <rect x="80" y="480" width="430" height="76" rx="38" fill="#ffffff"/>
  <text x="295" y="530" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="32" font-weight="700" fill="#0b5cad">Get your free report</text>
</svg>`;

const png = new Resvg(svg, {
  fitTo: { mode: 'width', value: 1200 },
  font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
})
  .render()
  .asPng();
const target = fileURLToPath(new URL('../public/share-default.png', import.meta.url));
writeFileSync(target, png);
console.log(`wrote ${target} (${png.length} bytes)`);
