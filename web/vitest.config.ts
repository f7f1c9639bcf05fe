import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * What every web test file runs with. The root config (../vitest.config.ts) makes two projects of it: `web`, whose
 * files share one module graph and one jsdom per worker, and `web-isolated`, for files that replace modules. On
 * its own (`npx vitest` in web/) every file runs isolated.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // The PWA plugin's virtual module exists only in a Vite build with the plugin; tests use a stand-in.
    alias: {
      'virtual:pwa-register/react': fileURLToPath(new URL('src/test/pwaRegister.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    // styled-components adds its rules through the style sheet's `insertRule`, as in production, instead of as text
    // in its `<style>` element, which jsdom parsed whole again for every new rule: a page's first render spent 2.8
    // of its 7.6 CPU-s there (D-590, docs/benchmarks.md#bench-web-slow). Read when styled-components is imported.
    env: { SC_DISABLE_SPEEDY: 'false' },
    setupFiles: ['src/test/setup.ts'],
    // Screens are lazy routes transformed on first import; a cold wizard import can take seconds.
    testTimeout: 20_000,
    // A file that renders pages loads them once first (warmRoutes in test/renderApp.tsx).
    hookTimeout: 60_000,
  },
});
