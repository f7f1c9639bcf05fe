import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express as ExpressApp, type RequestHandler } from 'express';
import helmet from 'helmet';
import { AppError, isAppError } from './errors.js';
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

export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.requestId = req.get('x-request-id')?.slice(0, 64) || randomUUID();
    req.log = logger.child({ requestId: req.requestId });
    res.setHeader('X-Request-Id', req.requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = res.statusCode >= 500 ? 'error' : 'info';
      req.log[level]({ method: req.method, url: req.originalUrl, status: res.statusCode, ms }, 'request');
    });
    next();
  };
}

/** An Express app with the headers, logging and body limits every service shares. */
export function createHttpApp(options: { logger: Logger; jsonLimit?: string }): ExpressApp {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');
  app.use(securityHeaders());
  app.use(requestLogger(options.logger));
  app.use(
    express.json({
      limit: options.jsonLimit ?? '256kb',
      verify: (req, _res, body) => {
        if (req.url?.startsWith('/api/webhooks/')) (req as express.Request).rawBody = Buffer.from(body);
      },
    }),
  );
  return app;
}

/** 404 for any /api path no router answered. */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError('not_found', `No such endpoint: ${req.method} ${req.path}`));
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** The one place errors become HTTP answers: `{ error, code?, fields? }`. */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const appError = toAppError(error);
  if (appError.code === 'internal') {
    req.log.error({ err: error }, 'unhandled error');
  } else {
    req.log.debug({ code: appError.code, reason: appError.reason }, appError.message);
  }
  if (res.headersSent) return;
  res.status(appError.status).json({
    error: appError.message,
    ...(appError.reason ? { code: appError.reason } : {}),
    ...(appError.fields ? { fields: appError.fields } : {}),
  });
};

function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const parserError = error as BodyParserError;
  if (parserError?.type === 'entity.too.large') {
    return new AppError('too_large', 'The request is too large', { cause: error });
  }
  if (parserError?.type === 'entity.parse.failed') {
    return new AppError('validation', 'The request body is not valid JSON', { cause: error });
  }
  if (parserError?.status === 400) {
    return new AppError('validation', 'The request could not be read', { cause: error });
  }
  return new AppError('internal', 'Something went wrong on our side. Please try again.', { cause: error });
}
