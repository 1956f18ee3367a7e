/**
 * The host's `audit` sink (spec 02; issue "what the host is told"): one event per answer (its
 * trust, tier, sources as `block:<domain>.<name>` and the SQL fingerprint), per refusal (the
 * action or statement refused and its code), per change (a certification, a saved draft) and per
 * model call (`model_usage` with token counts) and per knowledge search or page read (source,
 * page and link, outcome, result count). Never the question, SQL, values or prompt text:
 * every event is built here from named fields only. The sink is not waited for; a throw or a
 * rejected promise is logged under a reference and counted, and changes nothing.
 */

import { errorReference } from './context/error-reference.js';
import type { Asker, RequestContext } from './context/request-context.js';

export type AuditEvent =
  | {
      kind: 'answer';
      at: string;
      principal?: string;
      action: string;
      runId: string;
      tier: 1 | 2 | 3;
      trust: string;
      sources: string[];
      sqlFingerprint?: string;
      refusalCode?: string;
    }
  | { kind: 'refusal'; at: string; principal?: string; action: string; code: string }
  | {
      kind: 'change';
      at: string;
      principal?: string;
      action: string;
      change: 'certified' | 'draft_saved' | 'app_audience' | 'app_published' | 'git_review' | 'viewer_link' | 'schedule_saved' | 'schedule_deleted';
      source: string;
    }
  | { kind: 'model_usage'; at: string; principal?: string; action: string; model: string; promptTokens: number; completionTokens: number }
  | {
      kind: 'knowledge';
      at: string;
      principal?: string;
      action: string;
      runId: string;
      sourceId: string;
      operation: 'search' | 'fetch';
      pageId?: string;
      link?: string;
      outcome: 'ok' | 'error' | 'refused';
      resultCount: number;
    };

type Fields<K extends AuditEvent['kind']> = Omit<Extract<AuditEvent, { kind: K }>, 'at' | 'principal' | 'action' | 'kind'>;

/** Sink failures of each hooks object (one per server), for status and tests. */
const failures = new WeakMap<object, number>();

/** How many times the audit sink of `hooks` failed. */
export function auditFailures(hooks: object): number {
  return failures.get(hooks) ?? 0;
}

function failed(host: NonNullable<RequestContext['host']>, error: unknown): void {
  failures.set(host.hooks, auditFailures(host.hooks) + 1);
  host.log(`[${errorReference()}] host hook audit failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** Tells the asker's host of one event; does nothing without a host or its sink. */
export function audit<K extends AuditEvent['kind']>(kind: K, fields: Fields<K>, context: Asker): void {
  const host = context?.host;
  const sink = host?.hooks.audit;
  if (host === undefined || sink === undefined) return;
  const event = {
    kind,
    at: new Date().toISOString(),
    ...(context?.principal !== undefined ? { principal: context.principal.id } : {}),
    action: context?.action ?? '',
    ...fields,
  } as unknown as AuditEvent;
  try {
    const result: unknown = sink.call(host.hooks, event);
    if (result instanceof Promise) result.catch((error: unknown) => failed(host, error));
  } catch (error) {
    failed(host, error);
  }
}
