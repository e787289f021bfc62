/**
 * Request logs. When `info` is enabled every request is logged through pino-http. Above it
 * (LOG_LEVEL=warn, as in production) pino-http would still build a child logger and serialise every
 * request only to drop the line: about 9% of the CPU time of a request in profiles of listEmails
 * and createSubscriber. There only failed requests (5xx) are logged, from a 'finish' listener, the
 * same line pino-http would have written at `error`.
 */
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger.ts';

export function requestLogging(logger: Logger): RequestHandler {
  if (logger.isLevelEnabled('info')) {
    return pinoHttp({ logger, customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info') });
  }
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      if (res.statusCode < 500) return;
      logger.error(
        { req: { method: req.method, url: req.originalUrl }, res: { statusCode: res.statusCode }, responseTime: Math.round(performance.now() - started) },
        'request errored',
      );
    });
    next();
  };
}
