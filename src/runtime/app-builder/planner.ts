/**
 * The planner (spec 01 Build with AI rules 3-4): one call to the configured model through the
 * same hooks as Ask (the host's `modelProvider` choice, the caller's model slots, the audit of
 * model usage), with 8 to 12 candidate cards; the reply must name only those cards' ids
 * (plan-reply.ts). The plan is compiled into ordinary compose operations, so a proposal binds
 * sources exactly as a person composing by hand would. With no planner configured the plan is
 * deterministic (the best cards on one page) and labelled so; a configured planner that fails or
 * answers badly is a typed error and the draft is not changed, never a deterministic stand-in.
 * The cards hold catalog metadata; a source's example questions may hold values (a state, a
 * channel), so they are added only where the privacy boundary lets values of the source's tables
 * reach the chosen model.
 */
import type { CompiledBlock, Manifest } from '../../compiler/types.js';
import { audit } from '../../hooks/audit.js';
import { blockStatement, type RelationResolver } from '../../hooks/catalog-tables.js';
import type { Asker } from '../../hooks/context/request-context.js';
import { HostModelUnavailableError, requestProvider } from '../agent-runs/host-model.js';
import { type ChatMessage, type ModelProvider, ModelProviderError } from '../agent-runs/model-provider.js';
import { withModelSlot } from '../agent-runs/model-slots.js';
import { type ChosenProvider, statementValuesMayReach } from '../agent-runs/privacy-boundary.js';
import { BuildError } from './build-error.js';
import { type CandidateCard, candidateCards } from './candidate-cards.js';
import { compose } from './compose.js';
import type { DraftContent } from './draft-store.js';
import type { DraftOperation } from './operations.js';
import { type Plan, readPlan } from './plan-reply.js';
import { blockOfSource, catalogSources } from './source-catalog.js';

export interface PlanRequest {
  content: DraftContent;
  prompt: string;
  /** Answers to the previous proposal's clarification questions (a new proposal revision hears them). */
  answers?: string[];
  manifest: Manifest;
  /** Names the tables a source reads from the engine's catalog, for the privacy boundary. */
  executor: RelationResolver;
  asker: Asker;
  /** The project's configured model (undefined: none). */
  provider: ModelProvider | undefined;
}

const INSTRUCTIONS = [
  'You plan an App (pages of tiles) for svc from governed sources.',
  'Use only the source ids in the candidate list; never invent one and never write SQL.',
  'Answer with one JSON object and nothing else:',
  '{"title": string, "pages": [{"title": string, "tiles": [{"sourceId": string, "title": string, "kind": "table"|"chart"|"kpi"}]}], "clarifications": [string]}',
  'Ask a clarification question when the request is ambiguous.',
].join('\n');

export function plannerMessages(prompt: string, answers: readonly string[], cards: readonly CandidateCard[]): ChatMessage[] {
  const heard = answers.length === 0 ? '' : `\n\nAnswers to your clarification questions:\n${answers.map((a) => `- ${a}`).join('\n')}`;
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: `Request: ${prompt}${heard}\n\nCandidate sources:\n${JSON.stringify(cards, null, 2)}` },
  ];
}

function chosenProvider(asker: Asker, provider: ModelProvider | undefined): ChosenProvider | undefined {
  try {
    return requestProvider(asker, provider);
  } catch (error) {
    if (error instanceof HostModelUnavailableError) throw new BuildError('APP_BUILD_PLANNER_FAILED', error.message, { reference: error.reference });
    throw error;
  }
}

/** Cards with their sources' example questions, where values of the source's tables may reach `provider`. */
async function withExamples(cards: readonly CandidateCard[], request: PlanRequest, provider: ChosenProvider): Promise<CandidateCard[]> {
  const examples = async (block: CompiledBlock): Promise<boolean> =>
    block.examples.length > 0 && (await statementValuesMayReach(request.asker, provider, request.executor, [blockStatement(block)]));
  return Promise.all(
    cards.map(async (card) => {
      const block = blockOfSource(request.manifest, card.id);
      return block !== undefined && (await examples(block)) ? { ...card, examples: block.examples.map((e) => e.question) } : card;
    }),
  );
}

async function modelPlan(provider: ChosenProvider, request: PlanRequest, cards: readonly CandidateCard[]): Promise<Plan> {
  let reply: string;
  try {
    const model = provider.id ?? provider.model;
    const onUsage = (usage: { promptTokens: number; completionTokens: number }) => audit('model_usage', { model, ...usage }, request.asker);
    const messages = plannerMessages(request.prompt, request.answers ?? [], await withExamples(cards, request, provider));
    reply = await withModelSlot(request.asker, () => provider.complete(messages, { onUsage }));
  } catch (error) {
    const cause = error instanceof ModelProviderError ? error.code : 'MODEL_UNREACHABLE';
    const words = error instanceof Error ? error.message : 'the model call failed';
    throw new BuildError('APP_BUILD_PLANNER_FAILED', `The planner could not plan this App: ${words} The draft is unchanged.`, { cause });
  }
  return readPlan(reply, new Set(cards.map((c) => c.id)));
}

/** The best cards on one page: what a project without a planner is offered. */
function deterministicPlan(request: PlanRequest, cards: readonly CandidateCard[]): Plan {
  const title = request.prompt.trim().slice(0, 80) || 'New App';
  return { title, pages: [{ title: 'Overview', tiles: cards.slice(0, 6).map((c) => ({ sourceId: c.id })) }], clarifications: [] };
}

/** The plan as compose operations, page by page (each page's id is minted by compose). */
function applyPlan(start: DraftContent, plan: Plan, manifest: Manifest): DraftContent {
  let content = compose(start, [{ op: 'set_title', title: plan.title }], manifest);
  for (const page of plan.pages) {
    content = compose(content, [{ op: 'add_page', title: page.title }], manifest);
    const pageId = content.pages.at(-1)!.id;
    const ops: DraftOperation[] = page.tiles.map((t) => ({
      op: 'add_tile',
      sourceId: t.sourceId,
      pageId,
      ...(t.title ? { title: t.title } : {}),
      ...(t.kind ? { kind: t.kind } : {}),
    }));
    content = compose(content, ops, manifest);
  }
  return content;
}

/** The next proposal's content for `prompt`; throws APP_BUILD_PLANNER_FAILED or APP_BUILD_PLANNER_MALFORMED. */
export async function planDraft(request: PlanRequest): Promise<DraftContent> {
  const cards = candidateCards(catalogSources(request.manifest), [request.prompt, ...(request.answers ?? [])].join(' '), request.content.trustMode);
  const provider = chosenProvider(request.asker, request.provider);
  const plan = provider === undefined ? deterministicPlan(request, cards) : await modelPlan(provider, request, cards);
  // A proposal replaces the pages; what a migration left open stays open.
  const start: DraftContent = {
    ...request.content,
    sources: [],
    pages: [],
    reviewTasks: request.content.reviewTasks.filter((t) => t.kind !== 'review_source'),
  };
  const content = applyPlan(start, plan, request.manifest);
  content.proposal = {
    planner: provider === undefined ? 'deterministic' : 'model',
    prompt: request.prompt,
    candidates: cards.map((c) => c.id),
    clarifications: plan.clarifications,
    ...(request.answers !== undefined && request.answers.length > 0 ? { answers: [...request.answers] } : {}),
  };
  return content;
}
