/**
 * Real loopback sinks for the delivery tests: an SMTP server (smtp-server, no TLS or sign-in, as
 * a mail relay on this machine would be) that keeps every message it accepts, and an HTTP
 * webhook receiver that keeps every request's headers and body and answers `status`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  text: string;
}

export interface Sinks {
  smtpUrl: string;
  webhookUrl: string;
  mails: Received[];
  hooks: Array<{ headers: Record<string, string | string[] | undefined>; body: string }>;
  /** What the webhook answers from now on. */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startSinks(): Promise<Sinks> {
  const mails: Received[] = [];
  const hooks: Sinks['hooks'] = [];
  let status = 204;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const web: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const webPort = (web.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webhookUrl: `http://127.0.0.1:${webPort}/hook`,
    mails,
    hooks,
    answer: (s) => {
      status = s;
    },
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}
