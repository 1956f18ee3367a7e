/**
 * The person-per-state host of the row-policy tables: a person named by `x-state` (CA when
 * absent) whose one attribute is that state, a row policy that narrows `orders` to it by
 * shadowing the table with a CTE, and a host that refuses the actions it is told to and records
 * every statement its row policy hears.
 */
import type { HostHooks, QueryContext } from '../../src/hooks/hooks.js';

/** A person whose attribute `state` is `state`. */
export const PERSON = (state: string) => ({ id: `${state.toLowerCase()}@host.test`, kind: 'person' as const, attributes: { state } });

/** Narrows `orders` to the person's state by shadowing the table with a CTE. */
export function narrowToState(q: QueryContext) {
  const state = String(q.principal?.attributes?.['state'] ?? '');
  return { sql: `WITH orders AS (SELECT * FROM main.orders WHERE state = ?) ${q.sql}`, params: [state, ...q.params] };
}

/** Hooks of a host placing the `x-state` person, refusing `refuse`, narrowing by `policy` (else passing), recording into `heard`. */
export function stateHost(options: { refuse?: string[]; policy?: HostHooks['rowPolicy']; heard?: QueryContext[] } = {}): HostHooks {
  return {
    resolvePrincipal: (req) => PERSON(String(req.headers['x-state'] ?? 'CA')),
    authorize: (_p, action) => (options.refuse?.includes(action) ? { allow: false, reason: `no ${action} here` } : { allow: true }),
    rowPolicy: (q) => {
      options.heard?.push(q);
      return options.policy?.(q) ?? { sql: q.sql, params: q.params };
    },
  };
}
