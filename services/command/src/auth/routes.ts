import {
  authMessages,
  googleCallbackRequestSchema,
  passwordChangeSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  resendVerificationRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  verifyEmailRequestSchema,
} from '@remit/contracts';
import { AppError, type LimitStore, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import jwt from 'jsonwebtoken';
import { type Commands, sendAnswer } from '../commands.js';
import { type AuthRateLimits, authLimiters, clientAddress } from './rate-limits.js';
import type { AuthService } from './service.js';

const GOOGLE_COOKIE = 'remit_google_signin';
const GOOGLE_COOKIE_PATH = '/api/auth/google';
const GOOGLE_COOKIE_TTL_SECONDS = 600;

export interface AuthRoutesDeps {
  auth: AuthService;
  rateLimits: AuthRateLimits;
  /** The counters every replica shares (the database, or Redis). */
  limits: LimitStore;
  /** Signs the short-lived cookie that carries the Google sign-in's state and PKCE verifier. */
  cookieSecret: string;
  secureCookies: boolean;
  commands: Commands;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export function authRoutes(deps: AuthRoutesDeps): Router {
  const { auth, commands } = deps;
  const limit = authLimiters(deps.limits, deps.rateLimits);
  const router = Router();

  // Answers that may be replayed for a repeated key; never those that hand out a session token.
  router.post('/auth/signup', ...limit.signUp, async (req, res) => {
    const input = parseInput(signUpRequestSchema, req.body);
    sendAnswer(res, await commands.idempotently(req, (finish) => auth.signUp(input, finish)));
  });

  router.post('/auth/resend-verification', ...limit.resend, async (req, res) => {
    const input = parseInput(resendVerificationRequestSchema, req.body);
    // The answer is recorded for the key; the work it starts runs after it, outside the key's record.
    const afterwards = commands.direct(req);
    sendAnswer(res, await commands.idempotently(req, async () => auth.resendVerification(input, afterwards)));
  });

  router.post('/auth/verify-email', ...limit.verify, async (req, res) => {
    const input = parseInput(verifyEmailRequestSchema, req.body);
    sendAnswer(res, await auth.verifyEmail(input, commands.direct(req)));
  });

  router.post('/auth/login', ...limit.signIn, async (req, res) => {
    const input = parseInput(signInRequestSchema, req.body);
    sendAnswer(res, await auth.signIn(input, clientAddress(req), commands.direct(req)));
  });

  // 'Forgot password?' (issue 12): always 202; the link goes out afterwards if the account exists.
  router.post('/auth/forgot-password', ...limit.passwordReset, async (req, res) => {
    const input = parseInput(passwordResetRequestSchema, req.body);
    const afterwards = commands.direct(req);
    sendAnswer(
      res,
      await commands.idempotently(req, async () => auth.requestPasswordReset(input, afterwards)),
    );
  });

  router.post('/auth/reset-password', ...limit.verify, async (req, res) => {
    const input = parseInput(passwordResetSchema, req.body);
    sendAnswer(res, await commands.idempotently(req, (finish) => auth.resetPassword(input, finish)));
  });

  router.post('/auth/change-password', requireAuth, async (req, res) => {
    const input = parseInput(passwordChangeSchema, req.body);
    sendAnswer(
      res,
      await commands.idempotently(req, (finish) =>
        auth.changePassword(req.auth!, input, clientAddress(req), finish),
      ),
    );
  });

  router.post('/auth/sessions/end-others', requireAuth, async (req, res) => {
    sendAnswer(res, await commands.idempotently(req, (finish) => auth.endOtherSessions(req.auth!, finish)));
  });

  router.post('/auth/logout', requireAuth, async (req, res) => {
    sendAnswer(res, await auth.signOut(req.auth!, commands.direct(req)));
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
    const answer = await auth.completeGoogleSignIn(
      { code: input.code, codeVerifier: pending.codeVerifier },
      commands.direct(req),
    );
    sendAnswer(res, answer);
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
