import { pino } from 'pino';

export type Logger = pino.Logger;

export function createLogger(options: { level: string; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.token', '*.passwordHash', '*.code'],
      censor: '[redacted]',
    },
  });
}
