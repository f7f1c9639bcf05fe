// A stand-in for the all-in-one server with the same auth API, CSP and outbox, for working on the
// web app (and its screenshots) while the real server is being built:
//   E2E_SERVER_COMMAND="node e2e/support/stub-server.mjs" node e2e/run.mjs
// The browser tests proper run against `node services/app/dist/main.js`.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { root } from './environment.mjs';

const port = Number(process.env.PORT ?? 3000);
const appUrl = process.env.APP_URL ?? `http://127.0.0.1:${port}`;
const outbox = join(process.env.DATA_DIR ?? '/tmp', 'outbox');
mkdirSync(outbox, { recursive: true });
const dist = join(root, 'web/dist');

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "frame-src 'self'",
].join('; ');

const users = new Map();
const verifications = new Map();
const sessions = new Map();
let position = 0;

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

function send(res, status, body) {
  position += 1;
  res.writeHead(status, { 'Content-Type': 'application/json', 'X-Remit-Position': String(position) });
  res.end(JSON.stringify(body));
}

function quotedPrintable(text) {
  return text
    .replace(/=/g, '=3D')
    .split('\n')
    .map((line) => line.match(/.{1,70}/g)?.join('=\r\n') ?? '')
    .join('\r\n');
}

function publicUser(user) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
  };
}

function signIn(user) {
  const token = randomBytes(24).toString('hex');
  sessions.set(token, user.email);
  return { token, user: publicUser(user), position: String(position + 1) };
}

function currentUser(req) {
  const token = req.headers.authorization?.replace(/^Bearer /, '');
  const email = token ? sessions.get(token) : undefined;
  return email ? users.get(email) : undefined;
}

async function readBody(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}

const routes = {
  'GET /api/health': (_req, res) => send(res, 200, { status: 'ok' }),
  'GET /api/auth/providers': (_req, res) => send(res, 200, { google: false }),
  'POST /api/auth/signup': async (req, res) => {
    const { name, email, password } = await readBody(req);
    const key = String(email ?? '')
      .trim()
      .toLowerCase();
    if (users.has(key)) return send(res, 409, { error: 'An account with this email already exists' });
    users.set(key, {
      id: randomUUID(),
      name,
      email: key,
      password,
      emailVerified: false,
      createdAt: new Date().toISOString(),
    });
    const token = randomBytes(16).toString('hex');
    verifications.set(token, key);
    const link = `${appUrl}/verify-email?token=${token}&email=${encodeURIComponent(key)}`;
    const mail = [
      'From: Remit <no-reply@remit.test>',
      `To: ${key}`,
      'Subject: Verify your email',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      quotedPrintable(`Hello ${name},\n\nConfirm your address by opening this link: ${link}\n`),
    ].join('\r\n');
    writeFileSync(join(outbox, `${Date.now()}-${token}.eml`), mail);
    send(res, 201, { message: 'Check your email', email: key });
  },
  'POST /api/auth/verify-email': async (req, res) => {
    const { email, token } = await readBody(req);
    const key = verifications.get(token);
    if (!key || key !== String(email).trim().toLowerCase()) {
      return send(res, 400, { error: 'This verification link is invalid or has already been used' });
    }
    verifications.delete(token);
    const user = users.get(key);
    user.emailVerified = true;
    send(res, 200, signIn(user));
  },
  'POST /api/auth/login': async (req, res) => {
    const { email, password } = await readBody(req);
    const user = users.get(String(email).trim().toLowerCase());
    if (!user || user.password !== password) return send(res, 401, { error: 'Invalid email or password' });
    if (!user.emailVerified) {
      return send(res, 403, {
        error: 'Please verify your email address before signing in. We can send you a new verification link.',
        code: 'email_not_verified',
      });
    }
    send(res, 200, signIn(user));
  },
  'POST /api/auth/resend-verification': (_req, res) =>
    send(res, 202, {
      message: 'If an unverified account exists for this address, a new verification email is on its way.',
    }),
  'GET /api/auth/status': (req, res) => {
    const user = currentUser(req);
    if (!user) return send(res, 401, { error: 'Please sign in to continue' });
    send(res, 200, { user: publicUser(user) });
  },
  'POST /api/auth/logout': (req, res) => {
    sessions.delete(req.headers.authorization?.replace(/^Bearer /, ''));
    send(res, 200, { position: String(position + 1) });
  },
  'GET /api/check-subscription': (req, res) => {
    if (!currentUser(req)) return send(res, 401, { error: 'Please sign in to continue' });
    send(res, 200, { subscribed: false });
  },
};

createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', appUrl);
  const route = routes[`${req.method} ${url.pathname}`];
  if (route) return route(req, res);
  if (url.pathname.startsWith('/api')) return send(res, 404, { error: 'Not found' });
  const file = normalize(join(dist, url.pathname));
  const isFile = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
  const path = isFile ? file : join(dist, 'index.html');
  res.writeHead(200, {
    'Content-Type': types[extname(path)] ?? 'application/octet-stream',
    'Content-Security-Policy': CSP,
    'Cache-Control':
      isFile && url.pathname.startsWith('/assets/') ? 'max-age=31536000, immutable' : 'no-cache',
  });
  res.end(readFileSync(path));
}).listen(port, process.env.HOST ?? '127.0.0.1');
