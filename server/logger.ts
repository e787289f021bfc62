/** Structured JSON logs (pino). Tests pass level 'silent'. */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** @param destination where the lines go; standard output when absent. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    // Never log credentials, even at debug level.
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '<redacted>' },
  };
  return destination ? pino(options, destination) : pino(options);
}
