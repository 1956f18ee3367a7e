/**
 * svc's own mail sender (spec 02 `delivery` default), through nodemailer (a kept SMTP client:
 * svc does not speak SMTP itself). The server is the one SVC_SMTP_URL names
 * (`smtp://user:pass@host:port`, `smtps://` for TLS from the start); the sender is SVC_MAIL_FROM
 * (default `svc@localhost`). A message counts as delivered only when the server accepted the
 * recipient.
 */
import { createTransport } from 'nodemailer';

export const SMTP_URL_ENV = 'SVC_SMTP_URL';
export const MAIL_FROM_ENV = 'SVC_MAIL_FROM';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends `mail`; throws with the reason when it was not accepted. */
export async function sendMail(mail: Mail, options: { timeoutMs: number; env?: NodeJS.ProcessEnv }): Promise<void> {
  const env = options.env ?? process.env;
  const url = env[SMTP_URL_ENV];
  if (url === undefined || url === '') throw new Error(`no mail server: ${SMTP_URL_ENV} is not set`);
  const parsed = new URL(url);
  const transport = createTransport({
    host: parsed.hostname,
    port: Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 25)),
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username !== '' ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } } : {}),
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  try {
    const info = await transport.sendMail({ from: env[MAIL_FROM_ENV] || 'svc@localhost', to: mail.to, subject: mail.subject, text: mail.text });
    const accepted = ((info.accepted ?? []) as Array<string | { address: string }>).map((a) => (typeof a === 'string' ? a : a.address).toLowerCase());
    if (!accepted.includes(mail.to.toLowerCase())) throw new Error('the mail server did not accept the recipient');
  } finally {
    transport.close();
  }
}
