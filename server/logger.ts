/** Structured JSON logs (pino). Tests pass level 'silent'. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Never log credentials, even at debug level.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '<redacted>' },
  });
}
