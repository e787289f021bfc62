/**
 * A real SMTP server (the smtp-server library) in the test process that keeps every message it
 * accepts, so tests can check what a mail server would really receive from the reference server.
 * It can refuse chosen recipients, as a mail server refuses an unknown mailbox.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMessage {
  /** RCPT TO addresses of the SMTP transaction. */
  recipients: string[];
  /** Header names in lowercase, unfolded. */
  headers: Record<string, string>;
  /** The body, transfer encoding undone. */
  body: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  messages: ReceivedMessage[];
  /** Addresses answered with a permanent 550 at RCPT TO. */
  refused: Set<string>;
  /** Connection errors, such as the reset when a client process is killed mid-transaction. */
  connectionErrors: Error[];
  /** Called after each accepted message (the sink has answered 250). */
  onMessage?: (message: ReceivedMessage) => void;
  /** How many messages each recipient address received. */
  countsByRecipient(): Map<string, number>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: { offerStartTls?: boolean } = {}): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    messages: [],
    connectionErrors: [],
    refused: new Set(),
    countsByRecipient() {
      const counts = new Map<string, number>();
      for (const message of this.messages) for (const to of message.recipients) counts.set(to, (counts.get(to) ?? 0) + 1);
      return counts;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    logger: false,
    // The reverse DNS lookup of 127.0.0.1 can take seconds on a machine without a resolver.
    disableReverseLookup: true,
    // Without STARTTLS on offer a client speaks plain text at once. With it (and the library's own
    // self-signed certificate), a client must be told to ignore it: smtp://...?ignoreTLS=true.
    disabledCommands: options.offerStartTls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (sink.refused.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      // A client that dies mid-message errors the stream; the message was never accepted.
      stream.on('error', () => {});
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = parseMessage(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address.toLowerCase()));
        sink.messages.push(message);
        callback();
        sink.onMessage?.(message);
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  // smtp-server emits a client's connection reset inside a transaction as an 'error' on the server:
  // without a listener that would be an uncaught exception in the test process whenever a test
  // kills the reference server mid-delivery.
  server.on('error', (err) => sink.connectionErrors.push(err));
  // Port 0 and then the port the system chose: no window in which another socket can take it.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  sink.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return sink;
}

/**
 * Just enough of RFC 5322 and MIME for the single-part HTML messages the server sends: unfolded
 * headers, and the body with quoted-printable or base64 undone.
 */
function parseMessage(raw: string, recipients: string[]): ReceivedMessage {
  const split = raw.indexOf('\r\n\r\n');
  const headerText = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return { recipients, headers, body: body.replace(/\r\n$/, '') };
}
