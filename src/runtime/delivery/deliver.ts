/**
 * Delivering a schedule's message to one recipient (spec 02 `delivery`, rule 3): through the
 * host's `delivery` hook when it has one (it replaces svc's senders), else svc's own webhook or
 * mail sender. Delivered only when the sink says so (`{ delivered: true }`, a 2xx, an accepted
 * recipient); a failing sink is not delivered, with an eight-letter reference whose cause goes
 * only to the log. The message carries the App page and governed single figures only.
 */
import type { ScheduleRecipient } from '../../compiler/types.js';
import { errorReference } from '../../hooks/context/error-reference.js';
import type { ContextHooks } from '../../hooks/context/request-context.js';
import { type DeliveryOutcome, deliverThroughHost } from '../../hooks/delivery.js';
import { DEFAULT_HOOK_TIMEOUT_MS, type DeliveryMessage, SLOW_HOOK_FACTOR } from '../../hooks/hooks.js';
import { sendMail } from './mail-sender.js';
import { sendWebhook } from './webhook-sender.js';

export interface DeliveryResult extends DeliveryOutcome {
  kind: 'email' | 'webhook';
  /** The address, or the webhook's origin and path (never its query, which may hold a key). */
  to: string;
}

const shownTo = (r: ScheduleRecipient): string => {
  if (r.kind === 'email') return r.address;
  const url = new URL(r.url);
  return `${url.origin}${url.pathname}`;
};

/** Plain text of a digest or alert mail. */
export function mailText(message: Omit<DeliveryMessage, 'recipient'>): string {
  const figures = message.figures.map((f) => `- ${f.title ?? f.tileId}: ${f.value}${f.previous !== undefined ? ` (was ${f.previous})` : ''} [${f.trust}]`);
  const monitors = message.monitors.map((m) => `- monitor ${m.id} fired on ${m.tile}: ${m.value ?? 'no figure'}`);
  return [`${message.appPage.title}`, '', ...figures, ...(monitors.length > 0 ? ['', ...monitors] : []), '', `Open the page: ${message.appPage.href}`, ''].join(
    '\n',
  );
}

async function sendOwn(message: Omit<DeliveryMessage, 'recipient'>, recipient: ScheduleRecipient, timeoutMs: number): Promise<void> {
  if (recipient.kind === 'webhook')
    return sendWebhook(
      recipient.url,
      { ...message, recipient: { kind: 'webhook', url: recipient.url } },
      { ...(recipient.secretEnv !== undefined ? { secretEnv: recipient.secretEnv } : {}), timeoutMs },
    );
  const subject = `${message.kind === 'alert' ? 'Alert' : 'Digest'}: ${message.appPage.title}`;
  return sendMail({ to: recipient.address, subject, text: mailText(message) }, { timeoutMs });
}

/** Delivers `message` to `recipient`; never throws. */
export async function deliver(
  message: Omit<DeliveryMessage, 'recipient'>,
  recipient: ScheduleRecipient,
  at: { host?: ContextHooks; log: (line: string) => void },
): Promise<DeliveryResult> {
  const base = { kind: recipient.kind, to: shownTo(recipient) };
  const target = recipient.kind === 'email' ? { kind: 'email' as const, address: recipient.address } : { kind: 'webhook' as const, url: recipient.url };
  if (at.host?.hooks.delivery !== undefined) return { ...base, ...(await deliverThroughHost(at.host, { ...message, recipient: target })) };
  try {
    await sendOwn(message, recipient, (at.host?.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS) * SLOW_HOOK_FACTOR);
    return { ...base, delivered: true };
  } catch (error) {
    const reference = errorReference();
    at.log(`[${reference}] svc: ${recipient.kind} delivery to ${base.to} failed: ${error instanceof Error ? error.message : String(error)}`);
    return { ...base, delivered: false, reference };
  }
}
