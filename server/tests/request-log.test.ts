/**
 * Request logging above `info`: pino-http is skipped for speed, but a failed request (5xx) must
 * still leave its line in the log.
 */
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLogging } from '../http/request-log.ts';

async function logLinesFor(level: string, statuses: number[]): Promise<Array<Record<string, any>>> {
  const lines: Array<Record<string, any>> = [];
  const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const app = express();
  app.use(requestLogging(pino({ level }, sink)));
  app.get('/status/:code', (req, res) => void res.status(Number(req.params.code)).json({}));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  for (const status of statuses) await fetch(`http://127.0.0.1:${port}/status/${status}?q=1`);
  await new Promise((resolve) => server.close(resolve));
  return lines;
}

describe('request logging', () => {
  it('at warn, logs only failed requests, with method, URL, status and time', async () => {
    const lines = await logLinesFor('warn', [200, 404, 500, 503]);
    expect(lines.map((line) => line.res.statusCode)).toEqual([500, 503]);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'request errored', req: { method: 'GET', url: '/status/500?q=1' } });
    expect(typeof lines[0]!.responseTime).toBe('number');
  });

  it('at info, logs every request', async () => {
    const lines = await logLinesFor('info', [200, 404, 500]);
    expect(lines.map((line) => line.res.statusCode)).toEqual([200, 404, 500]);
  });
});
