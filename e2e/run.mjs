// `npm run test:e2e`: builds what is missing, starts the server on a free port with a temporary
// DATA_DIR, runs the Playwright specs in Debian's Chromium, and stops the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt, findChromium, INSTALL_HINT, root, startServer } from './support/environment.mjs';

const chromium = findChromium();
if (!chromium) {
  if (process.env.CI) {
    console.error(`Browser tests need Chromium, and CI never skips them. Install it: ${INSTALL_HINT}`);
    process.exit(1);
  }
  console.log(
    `Browser tests skipped: no Chromium found (CHROMIUM_PATH, /usr/bin/chromium). Install it: ${INSTALL_HINT}`,
  );
  process.exit(0);
}

ensureBuilt();
const server = await startServer();
console.log(`Server on ${server.url} (DATA_DIR ${server.dataDir})`);

let code = 1;
try {
  code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'node_modules/@playwright/test/cli.js'),
        'test',
        '-c',
        'e2e/playwright.config.ts',
        ...process.argv.slice(2),
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: server.url,
          E2E_DATA_DIR: server.dataDir,
          CHROMIUM_PATH: chromium,
        },
      },
    );
    child.on('exit', (exitCode) => resolve(exitCode ?? 1));
  });
  if (code !== 0) console.error(`Server log (last lines):\n${server.log.slice(-40).join('')}`);
  if (server.notable.length > 0) {
    console.log(`Server warnings and refused session checks (${server.notable.length}, first 40):`);
    console.log(server.notable.slice(0, 40).join('\n'));
  }
} finally {
  await server.stop();
}
process.exit(code);
