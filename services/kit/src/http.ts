import { randomUUID } from 'node:crypto';
import { ConcurrencyError, isDatabaseUnavailable, unavailableReason } from '@remit/eventstore';
import express, { type ErrorRequestHandler, type Express as ExpressApp, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { TrustProxy } from './config.js';
import { AppError, type AppErrorCode, isAppError } from './errors.js';
import { refuseUnstorableInput } from './input.js';
import type { Logger } from './logger.js';

declare global {
  namespace Express {
    interface Request {
      /** Set by the request logger: a child logger carrying the request id. */
      log: Logger;
      requestId: string;
      /** The body's bytes, kept only for webhooks whose signature covers them. */
      rawBody?: Buffer;
    }
  }
}

/**
 * A strict Content Security Policy for the API and the PWA it serves (DESIGN §8): scripts only from
 * our origin; styled-components injects <style> tags, so styles allow 'unsafe-inline'.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

const isHealthPoll = (url: string) => /^\/api\/health(\/|\?|$)/.test(url);

export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.requestId = req.get('x-request-id')?.slice(0, 64) || randomUUID();
    req.log = logger.child({ requestId: req.requestId });
    res.setHeader('X-Request-Id', req.requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The proxy's and the orchestrator's health polls come every few seconds: answered, they are noise.
      const level = res.statusCode >= 500 ? 'error' : isHealthPoll(req.originalUrl) ? 'debug' : 'info';
      req.log[level]({ method: req.method, url: req.originalUrl, status: res.statusCode, ms }, 'request');
    });
    next();
  };
}

/**
 * API answers are personal (a session token, invoices, settings): no browser or proxy keeps them unless
 * a route says otherwise (thumbnails, logos, previews set their own).
 */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/** An Express app with the headers, logging and body limits every service shares. */
export function createHttpApp(options: {
  logger: Logger;
  jsonLimit?: string;
  /** TRUST_PROXY; by default X-Forwarded-For is ignored and `req.ip` is the connection's address. */
  trustProxy?: TrustProxy;
}): ExpressApp {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on `res.send` bodies: every API answer is `Cache-Control: no-store`, so no client keeps one
  // to revalidate, and Express would hash each body (SHA-1) on every request to make it. Files served
  // from disk (the PWA) keep theirs: `express.static` and `sendFile` make their own.
  app.set('etag', false);
  app.set('trust proxy', options.trustProxy ?? false);
  app.set('query parser', 'simple');
  app.use(securityHeaders());
  app.use(requestLogger(options.logger));
  app.use('/api', noStore);
  app.use(
    express.json({
      limit: options.jsonLimit ?? '256kb',
      verify: (req, _res, body) => {
        if (req.url?.startsWith('/api/webhooks/')) (req as express.Request).rawBody = Buffer.from(body);
      },
    }),
  );
  app.use(refuseUnstorableInput);
  return app;
}

/** 404 for any /api path no router answered. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('not_found', `No such endpoint: ${req.method} ${req.path}`));
};

/** What each of body-parser's error types tells the client. */
const parserErrors: Record<string, { code: AppErrorCode; message: string }> = {
  'entity.too.large': { code: 'too_large', message: 'The request is too large' },
  'entity.parse.failed': { code: 'validation', message: 'The request body is not valid JSON' },
  'charset.unsupported': {
    code: 'unsupported_media_type',
    message: 'The request body must be JSON in UTF-8 (charset not supported)',
  },
  'encoding.unsupported': {
    code: 'unsupported_media_type',
    message: 'The request body must be sent without Content-Encoding, or gzip, deflate or br',
  },
};

const clientErrorCodes: Record<number, AppErrorCode> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

interface BodyParserError extends Error {
  type?: string;
  expose?: boolean;
  status?: number;
}

/** The one place errors become HTTP answers: `{ error, code?, fields? }`. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  // The client went away while a file was being sent (a page left mid-download): nothing failed here.
  if (
    (error as NodeJS.ErrnoException | null)?.code === 'ECONNABORTED' &&
    (res.headersSent || req.destroyed)
  ) {
    req.log.debug({ url: req.originalUrl }, 'client closed the connection during the answer');
    return;
  }
  const appError = toAppError(error);
  if (appError.code === 'internal') {
    req.log.error({ err: error }, 'unhandled error');
  } else if (appError.reason === 'database_unavailable') {
    // `reason`: the underlying error with its code, which the wrapper's message and the redacted `err` hide.
    req.log.warn({ err: error, reason: unavailableReason(error) }, appError.message);
  } else {
    req.log.debug({ code: appError.code, reason: appError.reason }, appError.message);
  }
  if (res.headersSent) return;
  if (appError.retryAfterSeconds !== undefined)
    res.setHeader('Retry-After', String(appError.retryAfterSeconds));
  res.status(appError.status).json({
    error: appError.message,
    ...(appError.reason ? { code: appError.reason } : {}),
    ...(appError.fields ? { fields: appError.fields } : {}),
  });
};

/** How long a client should wait before trying again while the database is out of reach. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (error instanceof ConcurrencyError) {
    // The pipeline re-decided several times and another writer won each time: nothing was applied,
    // and the same request may well succeed in a moment.
    return new AppError('unavailable', 'Remit is busy with this record. Please try again in a moment.', {
      reason: 'contention',
      retryAfterSeconds: 1,
      cause: error,
    });
  }
  if (isDatabaseUnavailable(error)) {
    return new AppError('unavailable', 'Remit is briefly unavailable. Please try again in a moment.', {
      reason: 'database_unavailable',
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
      cause: error,
    });
  }
  const parserError = error as BodyParserError;
  const status = typeof parserError?.status === 'number' ? parserError.status : 0;
  // body-parser's refusals of what the client sent (400, 413, 415; made by http-errors, which marks
  // them `expose`: a body that does not inflate is a zlib error wrapped so), and the router's 400 for
  // a path it cannot decode (a URIError).
  const isClients = parserError?.expose === true || error instanceof URIError;
  if (isClients && status >= 400 && status < 500) {
    const known = parserErrors[parserError.type ?? ''];
    const code: AppErrorCode = known?.code ?? clientErrorCodes[status] ?? 'validation';
    return new AppError(code, known?.message ?? 'The request could not be read', { cause: error });
  }
  return new AppError('internal', 'Something went wrong on our side. Please try again.', { cause: error });
}
