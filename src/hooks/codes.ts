/**
 * The hooks wing's one code table: what becomes of a host hook that refuses, fails (throws,
 * answers late or in the wrong shape) or is needed and not there. A failure is never an
 * allowance; what the hook said goes only to the server log, under the reference the answer
 * carries. The HTTP table re-uses these entries by reference; a credentials hook that refuses is
 * the statement table's CREDENTIALS_REQUIRED and a row policy's refusal its ROW_POLICY_REFUSED.
 */
import type { CodeMeaning } from '../rules/code-table.js';

export const HOOK_CODES = {
  IDENTITY_UNAVAILABLE: {
    meaning: "The host's resolvePrincipal did not answer within the hook time limit, so no one could be placed.",
    hint: "Try again in a moment; the host's identity service may be slow.",
  },
  PERMISSION_DENIED: {
    meaning: "The host's authorize refused the action, or threw, answered late or in the wrong shape (never an allowance); nothing ran.",
    hint: "Ask the host for the permission the answer's `action` names, or follow its `next` link.",
  },
  SIGN_IN_REQUIRED: {
    meaning:
      "No one is signed in: the host's resolvePrincipal answered null, or threw or answered in the wrong shape (then with a reference), or the host names no one at all (it has no resolvePrincipal), or the action records who did it and no one is placed.",
    hint: 'Sign in (the X-SVC-Sign-In header names where), then try again.',
  },
  STORE_UNAVAILABLE: {
    meaning: "A host store failed on a record svc needs (a created thread, an appended turn); the store's own words are logged under the reference.",
    hint: 'Try again; if it keeps failing, give the administrator the reference.',
  },
  TOOL_REFUSED: {
    meaning: "The host's tool gate refused the agent tool call, or threw or answered late (then with a reference); the tool did not run.",
    hint: 'Use another tool, or ask the host for access to this one.',
  },
} as const satisfies Record<string, CodeMeaning>;

export type HookFailureCode = keyof typeof HOOK_CODES;
