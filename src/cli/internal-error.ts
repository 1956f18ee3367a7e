/**
 * How svc reports a failure of its own (a bug, not bad input): one sentence with a short
 * reference to quote, never a stack trace unless SVC_DEBUG=1 asks for it.
 */
import { randomInt } from 'node:crypto';

function reference(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += String.fromCharCode(97 + randomInt(26));
  return out;
}

/** The lines to print for `error`, which stopped `what` (e.g. "this command"); `after` ends the sentence line. */
export function internalErrorText(error: unknown, what: string, after = ''): string {
  const ref = reference();
  const debug = process.env['SVC_DEBUG'] === '1' ? `${ref}: ${error instanceof Error ? error.stack : String(error)}\n` : '';
  return `svc: an internal error stopped ${what} (reference ${ref}).${after}\n${debug}`;
}
