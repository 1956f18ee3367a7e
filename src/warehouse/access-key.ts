/**
 * The part of a cached result's key that says who may read it (spec 02 rule 9), beyond the
 * row policy's answer and the credential id: the request's destination and the values of the
 * principal's attributes the host names in `purposeAttributes`. Outside a hosted request it is
 * empty, except for an export (and a persona, which is part of every key, spec 02 rule 9): export results are cached apart from on-screen results (spec 03
 * "Exports and key proofs" 1), so an export never reads a result kept for a screen, nor fills one.
 */
import { type Asker, personaKey } from '../hooks/context/request-context.js';

/** The access part of a cache key for `context`'s statements; a persona always adds its own part. */
export function accessKey(context: Asker): string {
  const persona = personaKey(context?.persona);
  const rest = accessWithoutPersona(context);
  return persona === '' ? rest : `${rest}|${persona}`;
}

function accessWithoutPersona(context: Asker): string {
  const host = context?.host;
  if (host === undefined) return context?.destination === 'export' ? JSON.stringify(['export']) : '';
  const names =
    Array.isArray(host.hooks.purposeAttributes) && host.hooks.purposeAttributes.every((n) => typeof n === 'string')
      ? [...host.hooks.purposeAttributes].sort()
      : [];
  const attributes = context?.principal?.attributes ?? {};
  return JSON.stringify([context?.destination ?? '', names.map((n) => [n, Object.hasOwn(attributes, n) ? attributes[n] : null])]);
}
