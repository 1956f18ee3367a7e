/**
 * A refusal of the App Autopilot: one typed recovery reason of the runtime table (kind
 * `autopilot`), a plain message and the hint of that code. A request's refusal is an answer
 * (`outcome: refused`); an Apply's is an HTTP error with the code's status. It never carries
 * SQL, rows, values or a stack.
 */
import { type AutopilotCode, RUNTIME_CODES } from '../codes.js';

export class AutopilotError extends Error {
  constructor(
    readonly code: AutopilotCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AutopilotError';
  }

  /** What a refused run carries: the code, the message and how to recover. */
  get recovery(): { code: AutopilotCode; message: string; hint: string } {
    return { code: this.code, message: this.message, hint: RUNTIME_CODES[this.code].hint };
  }
}
