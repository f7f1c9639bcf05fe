import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type RequestHandler, type Router } from 'express';

// services/app/{src,dist} → the repository root → web/dist.
export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const YEAR_S = 365 * 24 * 60 * 60;

/** Every file under `dir`, as URL paths ('/assets/index-abc.js'). */
function listFiles(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path, root);
    return [`/${relative(root, path).split(sep).join('/')}`];
  });
}

/**
 * The build writes a .br and a .gz beside each text file (web/scripts/precompress.mjs); this answers
 * with the smallest one the browser accepts, so nothing is compressed per request.
 */
function servePrecompressed(dist: string, files: Set<string>): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path;
    if (!files.has(path)) return next();
    // Brotli first whatever order the browser lists them in: it is the smaller of the two.
    const encoding = ['br', 'gzip'].find(
      (name) => req.acceptsEncodings(name) && files.has(`${path}.${name === 'br' ? 'br' : 'gz'}`),
    );
    if (!encoding) return next();
    const suffix = encoding === 'br' ? '.br' : '.gz';
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding);
    res.type(extname(path));
    const hashed = path.startsWith('/assets/');
    res.setHeader('Cache-Control', hashed ? `public, max-age=${YEAR_S}, immutable` : 'no-cache');
    res.sendFile(join(dist, path + suffix), { cacheControl: false, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/** A last path segment with an extension names a file ('/robots.txt', '/x.js'), never an app route. */
function namesFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

/** The customer page's prefix (the query side writes /i/{token}; nothing else under it is indexed either). */
const CUSTOMER_PAGE_PREFIX = '/i/';

/**
 * Serves the built PWA: hashed assets cached for a year as immutable, everything else (index.html,
 * the service worker, the manifest) revalidated, precompressed where the build made .br/.gz files,
 * a real 404 for any other file, and index.html for the app's routes (history mode).
 */
export function webApp(dist = webDist): Router {
  const router = express.Router();
  if (!existsSync(join(dist, 'index.html'))) {
    router.get(/^\/(?!api\/).*/, (_req, res) => {
      res.status(503).type('text').send('The web app is not built. Run `npm run build`, then reload.');
    });
    return router;
  }
  const files = new Set(listFiles(dist));
  router.use(servePrecompressed(dist, files));
  router.use(
    '/assets',
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '1y', index: false }),
  );
  router.use(express.static(dist, { index: false, maxAge: 0 }));
  router.get(/^\/(?!api\/).*/, (req, res, next) => {
    if (namesFile(req.path)) {
      res.status(404).type('text').send('Not found');
      return;
    }
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // The customer page is public but private to whoever has the link: never in a search index.
    if (req.path.startsWith(CUSTOMER_PAGE_PREFIX)) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.sendFile(join(dist, 'index.html'));
  });
  return router;
}
