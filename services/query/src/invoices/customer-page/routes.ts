import { customerPageMessages } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { type LimitStore, sharedRateLimit } from '@remit/kit';
import { type Response, Router } from 'express';
import type { Paywall } from '../../billing/repository.js';
import { utcDate } from '../../profile/stats.js';
import { findOpenSharedInvoice } from '../public-routes.js';
import { publicInvoiceView } from '../public-view.js';
import { interFiles } from './fonts.js';
import { type CheckoutReturn, customerPage, notFoundPage } from './page.js';
import { customerPageScript } from './script.js';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The customer page `/i/{token}` written by the server (issue 28): the whole page in the invoice's language
 * with one small script, not the web app's bundle. Outside `/api`: the all-in-one server and the proxy send
 * `/i/*` here. Limited per client address as the page's API is (a counter of its own: a visit asks both).
 */
export function customerPageRoutes(deps: {
  db: Database;
  store: EventStore;
  paywall: Paywall;
  now: () => Date;
  limits: LimitStore;
  limitPerMinute: number;
}): Router {
  const router = Router();
  router.get(customerPageScript.path, (_req, res) => {
    res
      .type('text/javascript')
      .setHeader('Cache-Control', `public, max-age=${YEAR_S}, immutable`)
      .send(customerPageScript.source);
  });
  router.get('/i/fonts/:file', (req, res, next) => {
    const font = interFiles.get(String(req.params.file));
    if (!font) return next();
    res.type('font/woff2').setHeader('Cache-Control', `public, max-age=${YEAR_S}, immutable`).send(font);
  });
  const limited = sharedRateLimit(
    deps.limits,
    'customer-page-ip',
    { windowMs: 60_000, limit: deps.limitPerMinute },
    customerPageMessages.tooManyRequests,
    { now: deps.now },
  );
  const html = (res: Response, status: number, body: string) =>
    res
      .status(status)
      .setHeader('Cache-Control', 'private, no-store')
      .setHeader('Referrer-Policy', 'no-referrer')
      // The page is public but private to whoever has the link: never in a search index.
      .setHeader('X-Robots-Tag', 'noindex, nofollow')
      .type('html')
      .send(body);
  router.get('/i/:token', limited, async (req, res) => {
    const row = await findOpenSharedInvoice(deps.db, deps.paywall, String(req.params.token));
    if (!row) return html(res, 404, notFoundPage());
    const view = await publicInvoiceView(deps.db, deps.store, row, utcDate(deps.now()));
    const checkout: CheckoutReturn =
      req.query.checkout === 'cancelled' ? 'cancelled' : req.query.checkout === 'return' ? 'return' : null;
    html(res, 200, customerPage(view, String(req.params.token), checkout, customerPageScript.path));
  });
  return router;
}
