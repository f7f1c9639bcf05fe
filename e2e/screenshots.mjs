// Screenshots of every screen at 1280 and 375 px into docs/screenshots/:
//   node e2e/screenshots.mjs
// Starts the server like e2e/run.mjs does (E2E_SERVER_COMMAND picks another one).
import { join } from 'node:path';
import { root } from './support/environment.mjs';
import { startScreenshotSession } from './support/screenshot-session.mjs';

const { server, outDir, browser, createAccount } = await startScreenshotSession();

try {
  const account = await createAccount();
  for (const width of [1280, 375]) {
    const context = await browser.newContext({
      viewport: { width, height: width > 800 ? 860 : 780 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    if (process.env.DEBUG_API)
      page.on('response', (r) => r.url().includes('/api/') && console.log(r.status(), r.url()));
    const shot = async (name) => {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true });
      console.log(`docs/screenshots/${name}-${width}.png`);
    };

    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await shot('01-login');

    await page.goto(`${server.url}/login-basic`);
    await shot('02-login-basic');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('NotThePassword1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await shot('03-login-basic-error');

    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Email').fill('ada@');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Full name').focus();
    await shot('04-signup-validation');

    await page.route('**/api/auth/signup', (route) =>
      route.fulfill({ status: 201, json: { message: 'ok', email: 'ada@example.com', position: '1' } }),
    );
    await page.goto(`${server.url}/signup`);
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Analytical1843');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await shot('05-signup-check-email');
    await page.unroute('**/api/auth/signup');

    await page.goto(`${server.url}/verify-email?token=example&email=ada%40example.com`);
    await shot('06-verify-email');

    await page.route('**/api/auth/google/callback', () => {});
    await page.goto(`${server.url}/auth/google/callback?code=example&state=example`);
    await page.getByText('Processing login...').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(outDir, `07-google-callback-${width}.png`), fullPage: true });
    console.log(`docs/screenshots/07-google-callback-${width}.png`);

    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.evaluate((token) => localStorage.setItem('token', token), account.token);
    const signedIn = [
      ['/', '08-dashboard', /Welcome/],
      ['/invoice/create', '09-invoice-create', 'Create Invoice'],
      ['/profile', '10-profile', 'Profile'],
      ['/subscription', '11-subscription', 'Plans'],
      ['/success', '12-success', 'Payment not confirmed'],
      ['/no-such-page', '13-not-found', 'Page not found'],
    ];
    for (const [path, name, heading] of signedIn) {
      await page.goto(`${server.url}${path}`);
      await page
        .getByRole('heading', { name: heading, level: 1 })
        .waitFor({ timeout: 10_000 })
        .catch(async (error) => {
          await page.screenshot({
            path: join(root, 'test-results', `screenshot-failed-${name}-${width}.png`),
          });
          throw error;
        });
      await shot(name);
    }

    if (width < 1024) {
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shot('14-mobile-menu');
    }

    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.getByTestId('offline-banner').waitFor();
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(outDir, `15-offline-banner-${width}.png`) });
    console.log(`docs/screenshots/15-offline-banner-${width}.png`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
