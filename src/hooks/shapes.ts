/**
 * Shape checks of hook answers: only what the contract allows passes; anything else is a
 * wrong shape, a refusal (spec 02 rule 1).
 */
import type { Principal } from './context/request-context.js';
import type { AuthorizeDecision, CredentialsAnswer, RowPolicyAnswer } from './hooks.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown, max = 1024): v is string => typeof v === 'string' && v.length > 0 && v.length <= max && !/[\u0000-\u001f\u007f]/.test(v);
const optional = (v: unknown, check: (x: unknown) => boolean): boolean => v === undefined || check(v);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function isAttributes(v: unknown): boolean {
  return isObject(v) && Object.values(v).every((x) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' || isStringList(x));
}

function isGrants(v: unknown): boolean {
  return isObject(v) && Object.values(v).every((x) => x === 'read' || x === 'execute');
}

/** A principal as a host may name one (its `source` is set by the service, not taken from it). */
export function isHostPrincipal(v: unknown): v is Principal {
  if (!isObject(v) || !isText(v.id, 256) || (v.kind !== 'person' && v.kind !== 'service')) return false;
  return (
    optional(v.displayName, (x) => typeof x === 'string') &&
    optional(v.email, (x) => typeof x === 'string') &&
    optional(v.groups, isStringList) &&
    optional(v.attributes, isAttributes) &&
    optional(v.appGrants, isGrants)
  );
}

/** `resolvePrincipal`'s answer: a principal, or null for no one. */
export function isPrincipalAnswer(v: unknown): v is Principal | null {
  return v === null || isHostPrincipal(v);
}

/** `authorize`'s answer. */
export function isDecision(v: unknown): v is AuthorizeDecision {
  if (!isObject(v) || typeof v.allow !== 'boolean') return false;
  const next = v.next;
  return optional(v.reason, (x) => typeof x === 'string') && optional(next, (x) => isObject(x) && typeof x.label === 'string' && typeof x.href === 'string');
}

/**
 * A path on this server: one leading slash (not two, not a backslash), no scheme, no control
 * characters. Only such a path is passed on as a next step or a sign-in address.
 */
export function isSameOriginPath(href: unknown): href is string {
  return typeof href === 'string' && href.length <= 2048 && /^\/(?![/\\])/.test(href) && !/[\\\u0000-\u001f\u007f\s]/.test(href);
}

const isScalar = (v: unknown): boolean => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** `rowPolicy`'s answer: `{ sql, params?, groupRows? }` or `{ refuse }`, nothing else. */
export function isRowPolicyAnswer(v: unknown): v is RowPolicyAnswer {
  if (!isObject(v)) return false;
  if ('refuse' in v) return typeof v.refuse === 'string' && Object.keys(v).length === 1;
  if (typeof v.sql !== 'string' || v.sql.trim() === '') return false;
  if (!optional(v.params, (p) => Array.isArray(p) && p.every(isScalar))) return false;
  const g = v.groupRows;
  return optional(
    g,
    (x) => isObject(x) && typeof x.column === 'string' && typeof x.minimum === 'number' && Number.isFinite(x.minimum) && typeof x.refusal === 'string',
  );
}

/** `credentials`' answer: `{ settings?, credentialId? }` (no driver change) or `{ refuse }`. */
export function isCredentialsAnswer(v: unknown): v is CredentialsAnswer {
  if (!isObject(v)) return false;
  if ('refuse' in v) return typeof v.refuse === 'string' && Object.keys(v).length === 1;
  if (Object.keys(v).some((k) => k !== 'settings' && k !== 'credentialId')) return false;
  if (!optional(v.credentialId, (x) => typeof x === 'string' && x.length > 0 && x.length <= 256)) return false;
  return optional(
    v.settings,
    (s) =>
      isObject(s) &&
      !('driver' in s) &&
      Object.values(s).every((x) => typeof x === 'string' || typeof x === 'boolean' || (typeof x === 'number' && Number.isFinite(x))),
  );
}
