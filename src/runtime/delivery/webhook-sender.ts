/**
 * svc's own webhook sender (spec 02 `delivery` default): the message is POSTed as JSON with
 * `X-SVC-Timestamp` and `X-SVC-Signature: sha256=<hex>`, an HMAC-SHA256 of `<timestamp>.<body>`
 * under the secret the recipient's `secretEnv` names (default SVC_WEBHOOK_SECRET), so a receiver
 * can tell svc sent it and when. No secret, no send: an unsigned message is never sent. Only a
 * 2xx answer within the time limit counts as delivered.
 */
import { createHmac } from 'node:crypto';

export const WEBHOOK_SECRET_ENV = 'SVC_WEBHOOK_SECRET';
export const SIGNATURE_HEADER = 'x-svc-signature';
export const TIMESTAMP_HEADER = 'x-svc-timestamp';

/** The signature header's value for `body` sent at `timestamp`. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Sends `payload` to `url`; throws with the reason when it was not delivered. */
export async function sendWebhook(url: string, payload: unknown, options: { secretEnv?: string; timeoutMs: number; env?: NodeJS.ProcessEnv }): Promise<void> {
  const name = options.secretEnv ?? WEBHOOK_SECRET_ENV;
  const secret = (options.env ?? process.env)[name];
  if (secret === undefined || secret === '') throw new Error(`no webhook signing secret: ${name} is not set`);
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: webhookSignature(secret, timestamp, body) },
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
}
