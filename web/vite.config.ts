import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './src/pwa/manifest.ts';

export default defineConfig({
  // Workspace packages export their TypeScript under `source`, so '@remit/contracts' needs no build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, the router, styled-components, the auth
        // store, the query client, zod's core, the layout) is one chunk, not two dozen: every first
        // screen loads all of it anyway, and one file compresses better than many (gzip starts each
        // file with an empty dictionary). Pages and what they share stay in their own chunks.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  server: { proxy: { '/api': process.env.REMIT_API_URL ?? 'http://127.0.0.1:3000' } },
  preview: { proxy: { '/api': process.env.REMIT_API_URL ?? 'http://127.0.0.1:3000' } },
  plugins: [
    react(),
    VitePWA({
      registerType: 'prompt',
      // Registered from our bundle via 'virtual:pwa-register/react': the CSP forbids inline scripts.
      injectRegister: false,
      includeAssets: [
        'favicon.svg',
        'favicon.ico',
        'robots.txt',
        'zod-jitless.js',
        'apple-touch-icon-180x180.png',
      ],
      manifest,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        // The API and the server's own pages (the sandbox's, the customer page /i/…) are never answered
        // with the app shell. Nor is a file name (/robots.txt): the server answers those itself, with a real
        // 404 if unknown.
        navigateFallbackDenylist: [
          /^\/api(\/|$)/,
          /^\/sandbox(\/|$)/,
          /^\/i\//,
          /^[^?]*\/[^/?]*\.[^/?]*(\?.*)?$/,
        ],
        cleanupOutdatedCaches: true,
        // Template thumbnails (public images, the same for every account) stay available offline.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => /^\/api\/templates\/[^/]+\/thumbnail$/.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'template-thumbnails',
              expiration: { maxEntries: 64, maxAgeSeconds: 30 * 24 * 60 * 60 },
            },
          },
        ],
      },
    }),
  ],
});
