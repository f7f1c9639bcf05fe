import type { ManifestOptions } from 'vite-plugin-pwa';
import { theme } from '../theme/theme.ts';

/** The installable app's manifest; the icons are rendered from public/logo.svg by scripts/icons.mjs. */
export const manifest: Partial<ManifestOptions> = {
  name: 'Remit',
  short_name: 'Remit',
  description: 'A modern payment platform.',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  lang: 'en',
  theme_color: theme.colors.brand,
  background_color: theme.colors.background,
  categories: ['finance', 'business', 'productivity'],
  icons: [
    { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/maskable-icon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  ],
};
