// Renders the PWA icons (PNG) from our SVG logo with Debian's Chromium, so no image tool has to be
// downloaded. Run after changing public/logo.svg: `node web/scripts/icons.mjs`; the PNGs are committed.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const executablePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (path) => path && existsSync(path),
);
if (!executablePath) {
  console.error('No Chromium found. Install it with: apt-get install -y chromium');
  process.exit(1);
}

const icons = [
  { svg: 'logo.svg', file: 'pwa-64x64.png', size: 64, transparent: true },
  { svg: 'logo.svg', file: 'pwa-192x192.png', size: 192, transparent: true },
  { svg: 'logo.svg', file: 'pwa-512x512.png', size: 512, transparent: true },
  { svg: 'logo-maskable.svg', file: 'maskable-icon-192x192.png', size: 192, transparent: false },
  { svg: 'logo-maskable.svg', file: 'maskable-icon-512x512.png', size: 512, transparent: false },
  { svg: 'logo-maskable.svg', file: 'apple-touch-icon-180x180.png', size: 180, transparent: false },
];

const browser = await chromium.launch({
  executablePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    const svg = readFileSync(join(publicDir, icon.svg), 'utf8');
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${dataUrl}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.screenshot({
      path: join(publicDir, icon.file),
      omitBackground: icon.transparent,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`wrote public/${icon.file}`);
  }
} finally {
  await browser.close();
}
