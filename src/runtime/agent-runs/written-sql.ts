/**
 * Getting Tier-2 SQL: the agent's `proposedSql` as given, else one call to the configured model
 * with the manifest and the warehouse schema (names only). Every failure is a value with a stable
 * code, so the cascade can refuse with the reason instead of guessing.
 */

import type { Tier1Candidate } from '../../ask/types.js';
import { audit } from '../../hooks/audit.js';
import { blockStatement } from '../../hooks/catalog-tables.js';
import { clickhouseLiteral } from '../../warehouse/connectors/clickhouse-literal.js';
import type { WarehouseCatalog } from '../../warehouse/types.js';
import { transformModels } from '../transform/dbt-models.js';
import { type ModelReply, normaliseSql, readModelReply } from './extract-sql.js';
import { HostModelUnavailableError, requestProvider } from './host-model.js';
import { buildPrompt } from './model-prompt.js';
import { type ChatMessage, ModelProviderError } from './model-provider.js';
import { withModelSlot } from './model-slots.js';
import { type ChosenProvider, statementValuesMayReach, valuesMayReachProvider, withheldValues } from './privacy-boundary.js';
import type { AskContext, AskRefusal, AskRequest } from './types.js';

/** The certified answer a follow-up continues (from its thread). */
export interface EarlierAnswer {
  question: string;
  block: string;
  params: Record<string, string | number | boolean>;
}

/** A value as a literal of `driver`'s SQL, for a placeholder the model wrote. */
function literalFor(driver: string): (value: string | number | boolean) => string {
  if (driver === 'clickhouse') return clickhouseLiteral;
  return (value) => (typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value));
}

/** The earlier answer as the prompt may show it, and how to put withheld values back. */
async function earlierFor(ctx: AskContext, provider: ChosenProvider, earlier: EarlierAnswer | undefined) {
  if (earlier === undefined) return { restore: (sql: string) => sql };
  const block = ctx.manifest.blocks[earlier.block];
  // A block the project no longer has reads from tables nobody can list: the host decides as if from any.
  const shown =
    block === undefined
      ? valuesMayReachProvider(ctx.asker, provider)
      : await statementValuesMayReach(ctx.asker, provider, ctx.executor, [blockStatement(block)]);
  if (shown) return { prompt: earlier, restore: (sql: string) => sql };
  const withheld = withheldValues(earlier.params);
  return {
    prompt: { ...earlier, question: withheld.mask(earlier.question), params: withheld.shown },
    restore: (sql: string, driver: string) => withheld.restore(sql, literalFor(driver)),
  };
}

export type WrittenSql = { ok: true; sql: string; by: 'agent' | 'model' } | { ok: false; refusal: AskRefusal; next?: string };

async function schemaOf(ctx: AskContext, connection: string | undefined): Promise<WarehouseCatalog | undefined> {
  if (ctx.executor.catalog === undefined) return undefined;
  try {
    return await ctx.executor.catalog({ asker: ctx.asker, deadlineMs: 10_000, ...(connection !== undefined ? { connection } : {}) });
  } catch {
    // Without a schema the model still sees the blocks; the statement check still decides.
    return undefined;
  }
}

function modelFailure(error: unknown): WrittenSql {
  const code = error instanceof ModelProviderError ? error.code : 'MODEL_UNREACHABLE';
  const message = error instanceof ModelProviderError ? error.message : 'The model call failed.';
  return {
    ok: false,
    refusal: { code: 'MODEL_UNAVAILABLE', reason: `No certified block answers this, and the model could not write SQL for it: ${message} (${code})` },
    next: 'Check ask.provider in svc.config.json and that the model is running, then ask again.',
  };
}

/** The agent's own SQL, as given (normalised); refused when empty. */
function agentSql(proposed: string): WrittenSql {
  const sql = normaliseSql(proposed);
  if (sql === '') return { ok: false, refusal: { code: 'NO_CERTIFIED_ANSWER', reason: 'The proposed SQL is empty.' } };
  return { ok: true, sql, by: 'agent' };
}

/** The model this asker's Tier 2 may call, or why there is none (a host without one, no model configured). */
function chooseProvider(ctx: AskContext): { provider: ChosenProvider } | { none: WrittenSql } {
  let provider: ChosenProvider | undefined;
  try {
    provider = requestProvider(ctx.asker, ctx.provider);
  } catch (error) {
    if (!(error instanceof HostModelUnavailableError)) throw error;
    return {
      none: {
        ok: false,
        refusal: { code: 'MODEL_UNAVAILABLE', reason: error.message, name: 'HostModelUnavailableError', reference: error.reference },
        next: 'Ask the administrator of this platform, quoting the reference.',
      },
    };
  }
  if (provider !== undefined) return { provider };
  const reason = 'No certified block answers this question, and no model is configured to write review-required SQL for it.';
  return {
    none: {
      ok: false,
      refusal: { code: 'NO_MODEL_CONFIGURED', reason },
      next: 'Ask with the name of a certified block, or configure ask.provider in svc.config.json.',
    },
  };
}

/** The prompt for the model: the question, the manifest, the warehouse schema (names only), the candidates and the earlier answer. */
async function promptFor(
  ctx: AskContext,
  request: AskRequest,
  candidates: readonly Tier1Candidate[],
  driver: string,
  earlier: EarlierAnswer | undefined,
): Promise<ChatMessage[]> {
  return buildPrompt({
    ...(earlier !== undefined ? { earlier } : {}),
    question: request.question,
    manifest: ctx.manifest,
    catalog: await schemaOf(ctx, request.connection),
    candidates,
    driver,
    gate: ctx.router.gate,
    models: transformModels(ctx.root, ctx.config),
    ...(request.proposedDomain !== undefined ? { proposedDomain: request.proposedDomain } : {}),
    ...(request.upstreamRefs !== undefined ? { upstreamRefs: request.upstreamRefs } : {}),
  });
}

/** What the model's reply gives: its SQL (withheld values put back by `restore`), or why it gave none. */
function fromReply(reply: ModelReply, restore: (sql: string) => string): WrittenSql {
  if (reply.kind === 'sql') return { ok: true, sql: restore(reply.sql), by: 'model' };
  if (reply.kind === 'declined') {
    return {
      ok: false,
      refusal: { code: 'NO_CERTIFIED_ANSWER', reason: `No certified block answers this, and the project's data cannot answer it: ${reply.reason}` },
    };
  }
  if (reply.kind === 'no-sql') {
    return {
      ok: false,
      refusal: { code: 'MODEL_NO_SQL', reason: 'No certified block answers this, and the model answered in words without writing SQL to run.' },
      next: 'Rephrase the question as something the data can count or list, or ask by the name of a certified block.',
    };
  }
  return modelFailure(new ModelProviderError('MODEL_MALFORMED_REPLY', 'The model reply holds no readable SQL.'));
}

/** The SQL this ask will run at Tier 2, or why there is none. */
export async function writtenSql(ctx: AskContext, request: AskRequest, candidates: readonly Tier1Candidate[], earlier?: EarlierAnswer): Promise<WrittenSql> {
  if (request.proposedSql !== undefined) return agentSql(request.proposedSql);
  const chosen = chooseProvider(ctx);
  if ('none' in chosen) return chosen.none;
  const { provider } = chosen;
  const driver = ctx.executor.driverOf(request.connection);
  const context = await earlierFor(ctx, provider, earlier);
  const messages = await promptFor(ctx, request, candidates, driver, context.prompt);
  let content: string;
  try {
    const model = provider.id ?? provider.model;
    content = await withModelSlot(ctx.asker, () => provider.complete(messages, { onUsage: (usage) => audit('model_usage', { model, ...usage }, ctx.asker) }));
  } catch (error) {
    return modelFailure(error);
  }
  return fromReply(readModelReply(content), (sql) => context.restore(sql, driver));
}
