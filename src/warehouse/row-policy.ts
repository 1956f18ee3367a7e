/**
 * The host's `rowPolicy`, asked exactly once for every statement of a hosted request (spec 02
 * rule 8), after the statement check: it narrows the statement (`{ sql, params, groupRows }`)
 * or refuses it (`{ refuse }`, shown to the person). A throw, a late answer or a wrong shape is
 * a refusal with a reference: nothing runs, and never with broader rights. The narrowed
 * statement passes the statement check again, so a policy cannot widen what runs. Outside a
 * hosted request (the single-user server, the command line, svc's own start-up reads) nothing
 * is asked and the statement is unchanged.
 */
import { createHash } from 'node:crypto';
import type { ConnectionConfig } from '../compiler/project/config.js';
import { tablesRead } from '../compiler/sql-tables.js';
import { callHook } from '../hooks/call-hook.js';
import type { Asker } from '../hooks/context/request-context.js';
import type { RowPolicyAnswer } from '../hooks/hooks.js';
import { relationNames, type StatementRelation } from '../hooks/relation-names.js';
import { isRowPolicyAnswer } from '../hooks/shapes.js';
import { hostedStatementRefusal, type StatementAllowance, type StatementReason } from '../rules/statement-check/index.js';
import { StatementError, type StatementRequest } from './types.js';

type Params = ReadonlyArray<string | number | boolean | null>;

/** The statement as it will run, and what keys its cached result. */
export interface PolicedStatement {
  sql: string;
  params: Params;
  groupRows?: { column: string; minimum: number; refusal: string };
  /** Who asked and what the policy answered: part of the cache key (spec 02 rule 9). Empty without a policy. */
  fingerprint: string;
}

/** A row policy's answer that lets the statement run (narrowed or as it was). */
type Narrowed = Exclude<RowPolicyAnswer, { refuse: string }>;

interface PolicyQuestion {
  sql: string;
  params: Params;
  tables: () => string[];
  relations: () => StatementRelation[];
  name: string;
  purpose: 'data' | 'metadata';
}

async function askPolicy(context: Asker, { sql, params, tables, relations, name, purpose }: PolicyQuestion): Promise<Narrowed | undefined> {
  const host = context?.host;
  if (host?.hooks.rowPolicy === undefined) return undefined;
  const rowPolicy = host.hooks.rowPolicy.bind(host.hooks);
  const query = {
    ...(context?.principal !== undefined ? { principal: context.principal } : {}),
    sql,
    params,
    // Read only when there is a policy to tell: reading a statement's tables costs a parse.
    tables: tables(),
    relations: relations(),
    connection: name,
    purpose,
    ...(context?.destination !== undefined ? { destination: context.destination } : {}),
    ...(context?.action !== undefined ? { action: context.action } : {}),
  };
  const outcome = await callHook<RowPolicyAnswer>({
    name: 'rowPolicy',
    invoke: () => rowPolicy(query),
    accept: isRowPolicyAnswer,
    timeoutMs: host.timeoutMs,
    log: host.log,
  });
  if (outcome.kind !== 'ok') throw refused(`Your row rules could not be checked (reference ${outcome.reference}), so nothing ran.`, 'row-policy-failed');
  const answer = outcome.value;
  if ('refuse' in answer) throw refused(answer.refuse.trim() === '' ? 'Your row rules refuse this.' : answer.refuse.slice(0, 500), 'row-policy');
  return answer;
}

/** The statement's relations; a statement whose relations cannot be read is not run (the host could not judge it). */
function readableRelations(sql: string, driver: string, connection: ConnectionConfig | undefined): StatementRelation[] {
  try {
    return relationNames(sql, driver, connection);
  } catch {
    throw refused('The tables this statement reads could not be read, so your row rules could not be checked and nothing ran.', 'row-policy-failed');
  }
}

function refused(message: string, reason: StatementReason): StatementError {
  return new StatementError('ROW_POLICY_REFUSED', message, reason);
}

/** Applies the host's row policy to `request` on connection `name`; throws ROW_POLICY_REFUSED when it refuses or fails. */
export async function applyRowPolicy(
  request: StatementRequest,
  name: string,
  driver: string,
  folders: readonly string[],
  allow?: StatementAllowance,
  connection?: ConnectionConfig,
  resolved?: StatementRelation[],
): Promise<PolicedStatement> {
  // A request never runs svc's own platform work: its statements are for their data.
  const answer = await askPolicy(request.asker, {
    sql: request.sql,
    params: request.params,
    tables: () => tablesRead(request.sql, driver),
    // The engine's catalog names them when it was read (views replaced, search_path applied).
    relations: () => resolved ?? readableRelations(request.sql, driver, connection),
    name,
    purpose: request.purpose === 'metadata' ? 'metadata' : 'data',
  });
  if (answer === undefined) return { sql: request.sql, params: request.params, fingerprint: '' };
  // The narrowed statement must still be a read the check lets through.
  if (hostedStatementRefusal(answer.sql, driver, folders, allow === undefined ? { readOnly: true } : { readOnly: true, allow }) !== null)
    throw refused('Your row rules produced a statement that may not run here, so nothing ran.', 'row-policy-unsafe');
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([request.asker?.principal?.id ?? '', answer]))
    .digest('hex');
  return { sql: answer.sql, params: answer.params ?? request.params, ...(answer.groupRows !== undefined ? { groupRows: answer.groupRows } : {}), fingerprint };
}

/**
 * Catalog lookups (purpose `metadata`): svc's own fixed statements with names bound as
 * parameters. The policy is asked once per lookup and decides whether it runs: `{ refuse }`, a
 * failure or a wrong shape refuses; any `{ sql }` answer lets the fixed statement run unchanged
 * (a catalog statement is not the policy's to rewrite).
 */
export async function admitMetadata(context: Asker, sql: string, params: Params, name: string): Promise<void> {
  await askPolicy(context, { sql, params, tables: () => [], relations: () => [], name, purpose: 'metadata' });
}

/** Refuses a result with a group under the policy's minimum (or without the column to tell). */
export function enforceGroupRows(policed: PolicedStatement, rows: ReadonlyArray<Record<string, unknown>>): void {
  const rule = policed.groupRows;
  if (rule === undefined) return;
  for (const row of rows) {
    const value = row[rule.column];
    if (typeof value !== 'number' || value < rule.minimum)
      throw refused(rule.refusal.trim() === '' ? 'Some groups here are too small to show.' : rule.refusal.slice(0, 500), 'group-rows');
  }
}
