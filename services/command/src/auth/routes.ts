import {
  authMessages,
  googleCallbackRequestSchema,
  resendVerificationRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
} from '@remit/contracts';
import { AppError, parseInput, requireAuth, sendCommandResult } from '@remit/kit';
import { type RequestHandler, Router } from 'express';
import jwt from 'jsonwebtoken';
import { commandMetadata } from '../metadata.js';
import { type AuthRateLimits, authLimiters } from './rate-limits.js';
import type { AuthService } from './service.js';

const GOOGLE_COOKIE = 'remit_google_signin';
const GOOGLE_COOKIE_PATH = '/api/auth/google';
const GOOGLE_COOKIE_TTL_SECONDS = 600;

export interface AuthRoutesDeps {
  auth: AuthService;
  rateLimits: AuthRateLimits;
  /** Signs the short-lived cookie that carries the Google sign-in's state and PKCE verifier. */
  cookieSecret: string;
  secureCookies: boolean;
  /** Applied to commands whose answers may be replayed (never to those that hand out a session token). */
  idempotent: RequestHandler;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export function authRoutes(deps: AuthRoutesDeps): Router {
  const { auth, idempotent } = deps;
  const limit = authLimiters(deps.rateLimits);
  const router = Router();

  router.post('/auth/signup', ...limit.signUp, idempotent, async (req, res) => {
    const input = parseInput(signUpRequestSchema, req.body);
    const outcome = await auth.signUp(input, commandMetadata(req));
    sendCommandResult(res, 201, outcome.body, outcome.position);
  });

  router.post('/auth/resend-verification', ...limit.resend, idempotent, async (req, res) => {
    const input = parseInput(resendVerificationRequestSchema, req.body);
    const outcome = await auth.resendVerification(input, commandMetadata(req));
    sendCommandResult(res, 202, outcome.body, outcome.position);
  });

  router.post('/auth/verify-email', ...limit.verify, async (req, res) => {
    const input = parseInput(verifyEmailRequestSchema, req.body);
    const outcome = await auth.verifyEmail(input, commandMetadata(req));
    sendCommandResult(res, 200, outcome.body, outcome.position);
  });

  router.post('/auth/login', ...limit.signIn, async (req, res) => {
    const input = parseInput(signInRequestSchema, req.body);
    const outcome = await auth.signIn(input, commandMetadata(req));
    sendCommandResult(res, 200, outcome.body, outcome.position);
  });

  router.post('/auth/logout', requireAuth, async (req, res) => {
    const outcome = await auth.signOut(req.auth!, commandMetadata(req));
    sendCommandResult(res, 200, outcome.body, outcome.position);
  });

  router.post('/auth/google/login', async (_req, res) => {
    const { url, state, codeVerifier } = await auth.startGoogleSignIn();
    const cookie = jwt.sign({ state, codeVerifier }, deps.cookieSecret, {
      expiresIn: GOOGLE_COOKIE_TTL_SECONDS,
      audience: 'google-signin',
    });
    res.cookie(GOOGLE_COOKIE, cookie, {
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookies,
      path: GOOGLE_COOKIE_PATH,
      maxAge: GOOGLE_COOKIE_TTL_SECONDS * 1000,
    });
    res.json({ url });
  });

  router.post('/auth/google/callback', ...limit.verify, async (req, res) => {
    const input = parseInput(googleCallbackRequestSchema, req.body);
    const pending = verifyGoogleCookie(readCookie(req.get('cookie'), GOOGLE_COOKIE), deps.cookieSecret);
    if (!pending || pending.state !== input.state) {
      throw new AppError('validation', authMessages.googleStateMismatch, { reason: 'google_state_mismatch' });
    }
    res.clearCookie(GOOGLE_COOKIE, { path: GOOGLE_COOKIE_PATH });
    const outcome = await auth.completeGoogleSignIn(
      { code: input.code, codeVerifier: pending.codeVerifier },
      commandMetadata(req),
    );
    sendCommandResult(res, 200, outcome.body, outcome.position);
  });

  return router;
}

function verifyGoogleCookie(cookie: string | undefined, secret: string) {
  if (!cookie) return null;
  try {
    const claims = jwt.verify(cookie, secret, { audience: 'google-signin', algorithms: ['HS256'] });
    if (
      typeof claims === 'string' ||
      typeof claims.state !== 'string' ||
      typeof claims.codeVerifier !== 'string'
    ) {
      return null;
    }
    return { state: claims.state, codeVerifier: claims.codeVerifier };
  } catch {
    return null;
  }
}
