// Renders the installable app's PNG icons from web/public/favicon.svg with the Chromium the
// browser tests use (no image library needed): `npx tsx scripts/make-icons.ts`. The PNGs are
// committed; run this again after changing the favicon.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SVG = readFileSync(path.join(ROOT, 'web/public/favicon.svg'), 'utf8');
const OUT = path.join(ROOT, 'web/public/icons');

/** The mark without its rounded tile, for icons whose shape the platform cuts (maskable, iOS). */
const MARK = SVG.replace(/<rect[^>]*\/>/, '');
const TILE = '#6236ff';

interface Icon {
  file: string;
  size: number;
  /** 'tile': the favicon as it is; 'bleed': full-bleed colour with the mark inside `safe`. */
  kind: 'tile' | 'bleed';
  safe?: number;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, kind: 'tile' },
  { file: 'icon-512.png', size: 512, kind: 'tile' },
  // Maskable: launchers crop to a circle of 80 % of the edge; the mark stays inside it.
  { file: 'icon-maskable-512.png', size: 512, kind: 'bleed', safe: 0.62 },
  { file: 'apple-touch-icon-180.png', size: 180, kind: 'bleed', safe: 0.8 },
];

function html(icon: Icon): string {
  const body =
    icon.kind === 'tile'
      ? `<div style="width:100%;height:100%">${SVG.replace('<svg ', '<svg width="100%" height="100%" ')}</div>`
      : `<div style="width:100%;height:100%;background:${TILE};display:grid;place-items:center">
           <div style="width:${(icon.safe ?? 1) * 100}%;height:${(icon.safe ?? 1) * 100}%">
             ${MARK.replace('<svg ', '<svg width="100%" height="100%" ')}
           </div>
         </div>`;
  return `<!doctype html><html><body style="margin:0;background:transparent">
    <div style="width:${icon.size}px;height:${icon.size}px">${body}</div></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(html(icon));
    const png = await page.screenshot({ omitBackground: icon.kind === 'tile', type: 'png' });
    writeFileSync(path.join(OUT, icon.file), png);
    console.log(`web/public/icons/${icon.file} (${icon.size}px, ${png.length} bytes)`);
    await page.close();
  }
} finally {
  await browser.close();
}
