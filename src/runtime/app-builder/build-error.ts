/**
 * A refusal of the App Builder: a stable code of the runtime table (kind `build`), a plain
 * message and what the caller needs to act on it (the blockers of a failed preflight). Every
 * surface (HTTP, command line) answers it as it is; it never carries SQL, rows or a stack.
 */
import type { BuildCode } from '../codes.js';

export class BuildError extends Error {
  constructor(
    readonly code: BuildCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'BuildError';
  }
}
