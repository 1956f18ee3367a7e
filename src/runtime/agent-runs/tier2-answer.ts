/**
 * Tier 2: nothing certified answers, so SQL is written (by the agent or the model), checked and
 * run through the one executor with origin `model` (read-only check), labelled review required
 * with `uncertified: true`, and saved as a draft block for review (spec rules 5, 8, 10).
 *
 * Invariants: SQL the statement check refuses never runs and is never captured (Tier 3 with the
 * check's code); nothing is captured when `saveDraft` is false or capture is off; a draft that
 * cannot be written never costs the person their answer (the run says why it was not saved).
 */

import { createHash } from 'node:crypto';
import type { Tier1Candidate } from '../../ask/types.js';
import { audit } from '../../hooks/audit.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { StatementError, type StatementErrorCode, WarehouseStatementError } from '../../warehouse/types.js';
import type { CaptureCode } from '../codes.js';
import { type CapturedDraft, captureDraft, DraftError } from '../drafts/index.js';
import { draftTarget } from './draft-target.js';
import { certifyCommand, finishRun, type RunBase, refusedRun } from './run-shapes.js';
import type { AskContext, AskRequest, AskRun } from './types.js';
import { type EarlierAnswer, writtenSql } from './written-sql.js';

/** The person a host placed for the request, as a draft's owner (address when known). */
function hostOwner(asker: Asker): string | undefined {
  const principal = asker?.principal;
  if (principal === undefined || principal.source !== 'host') return undefined;
  return principal.email ?? principal.id;
}

/** Why a Tier-2 answer is not captured, or undefined when it is. */
function captureOff(ctx: AskContext, request: AskRequest): CaptureCode | undefined {
  if (request.saveDraft === false) return 'SAVE_DRAFT_FALSE';
  // A runtime a host runs for many people captures no drafts (spec 01 rule 8), unless the host
  // says one person works here (`onePerson`, a draft space).
  const host = ctx.asker?.host;
  if (host !== undefined && host.hooks.onePerson !== true) return 'HOSTED_RUNTIME';
  const configured = ctx.config?.ask?.['reviewDraftCapture'];
  if ((request.reviewDraftCapture ?? configured) === 'off') return 'CAPTURE_OFF';
  return undefined;
}

function statementRefusal(base: RunBase, error: StatementError): AskRun {
  if (error.code === 'ROW_POLICY_REFUSED') {
    return refusedRun(base, {
      code: 'ROW_POLICY_REFUSED',
      reason: `The written SQL was refused: ${error.message}`,
      ...(error.reason !== undefined ? { checkReason: error.reason } : {}),
      classification: 'POLICY_DENIED',
    });
  }
  if (error.code === 'CREDENTIALS_REQUIRED') return refusedRun(base, { code: error.code, reason: error.message });
  const reasons: Partial<Record<StatementErrorCode, string>> = {
    STATEMENT_TIMEOUT: 'The written SQL did not finish within its deadline.',
    RESULT_TOO_LARGE: 'The written SQL returned more data than an answer carries, so it was stopped.',
    CONNECTION_UNAVAILABLE: 'The warehouse connection is not available.',
  };
  // The engine's own words may quote the statement or its values; the person gets a plain sentence.
  if (error instanceof WarehouseStatementError) {
    const tables = error.tables.length > 0 ? `, which reads ${error.tables.join(', ')}` : '';
    return refusedRun(base, {
      code: error.code,
      reason: `The warehouse could not run the written SQL${tables}; the administrator can find it under reference ${error.reference}.`,
      name: 'WarehouseStatementError',
      reference: error.reference,
    });
  }
  return refusedRun(base, { code: error.code, reason: reasons[error.code] ?? 'The warehouse could not run the written SQL.' });
}

function capture(ctx: AskContext, request: AskRequest, sql: string, candidates: readonly Tier1Candidate[]): CapturedDraft | { code: CaptureCode } {
  const driver = ctx.executor.driverOf(request.connection);
  const target = draftTarget({
    root: ctx.root,
    manifest: ctx.manifest,
    sql,
    driver,
    candidates,
    ...(request.proposedDomain !== undefined ? { proposedDomain: request.proposedDomain } : {}),
    ...(request.proposedEntity !== undefined ? { proposedEntity: request.proposedEntity } : {}),
  });
  try {
    // A host's person owns the draft they asked for (spec 02 rule 5); else the configured or local owner.
    const owner = hostOwner(ctx.asker) ?? ctx.draftOwner;
    return captureDraft(ctx.root, { ...target, question: request.question, sql, driver, now: ctx.now(), ...(owner !== undefined ? { owner } : {}) });
  } catch (error) {
    if (error instanceof DraftError) return { code: error.code };
    return { code: 'DRAFT_WRITE_FAILED' };
  }
}

/** Writes, checks, runs and captures the review-required answer, or refuses with the reason. */
export async function answerTier2(ctx: AskContext, request: AskRequest, base: RunBase, earlier?: EarlierAnswer): Promise<AskRun> {
  const written = await writtenSql(ctx, request, base.candidates, earlier);
  if (!written.ok) return refusedRun(base, written.refusal, written.next);
  let result;
  try {
    result = await ctx.executor.execute({
      asker: ctx.asker,
      sql: written.sql,
      params: [],
      origin: 'model',
      ...(request.connection !== undefined ? { connection: request.connection } : {}),
    });
  } catch (error) {
    if (error instanceof StatementError) return statementRefusal(base, error);
    throw error;
  }
  const answer = {
    tier: 2 as const,
    trust: 'review_required' as const,
    uncertified: true as const,
    sql: written.sql,
    columns: result.columns,
    rows: result.rows,
    rowCount: result.rows.length,
    truncated: result.truncated,
  };
  const off = captureOff(ctx, request);
  if (off !== undefined) return finishRun(base, { ...answer, capture: { saved: false, code: off } });
  const draft = capture(ctx, request, written.sql, base.candidates);
  if (!('path' in draft)) return finishRun(base, { ...answer, capture: { saved: false, code: draft.code } });
  // A draft's path is a slug of the question: the host is told a key of it, never the words.
  audit('change', { change: 'draft_saved', source: `draft:${createHash('sha256').update(draft.path).digest('hex').slice(0, 12)}` }, ctx.asker);
  return finishRun(base, {
    ...answer,
    reviewDraft: draft,
    draftBlockPath: draft.path,
    next: `Review the draft, then promote it: ${certifyCommand(draft.path)}`,
    nextAction: 'certify-draft',
  });
}
