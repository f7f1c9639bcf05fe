import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Router } from 'express';

// services/app/{src,dist} → the repository root → web/dist.
export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built PWA: hashed assets cached for a year, everything else (index.html, the service
 * worker, the manifest) revalidated, and any other GET outside /api answered with index.html so deep
 * links work in history mode.
 */
export function webApp(dist = webDist): Router {
  const router = express.Router();
  if (!existsSync(join(dist, 'index.html'))) {
    router.get(/^\/(?!api\/).*/, (_req, res) => {
      res.status(503).type('text').send('The web app is not built. Run `npm run build`, then reload.');
    });
    return router;
  }
  router.use(
    '/assets',
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(express.static(dist, { index: false, maxAge: 0 }));
  router.get(/^\/(?!api\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(dist, 'index.html'));
  });
  return router;
}
