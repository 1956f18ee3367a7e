/**
 * Ask: a question box, progress while the run works, then each answer of the conversation with
 * its trust label first, its bound parameters, rows as a chart and a table (with CSV, JSON and
 * Excel downloads through the export route, the answer rerun as the person),
 * what to do next, and Open full trace. Follow-ups continue the same thread.
 */
import type { RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AskProgress, AskRun } from '../../server/contract/agent-runs.js';
import type { BlockList, BlockSummary, BlockView } from '../../server/contract/blocks.js';
import type { AnswerFacts } from '../../server/contract/host.js';
import { api, askStreaming } from '../client/api.js';
import { takeParam } from '../client/router.js';
import { AnswerActions } from '../parts/answer-actions.js';
import type { ExportRoute } from '../parts/downloads.js';
import { ResultChart, type Visualization } from '../parts/result-chart.js';
import { ResultTable } from '../parts/result-table.js';
import { useAllowed } from '../parts/review-toggle.js';
import { SuggestedQuestions } from '../parts/suggested-questions.js';
import { TrustLabel } from '../parts/trust-label.js';

type Applied = Array<{ name: string; value: string | number | boolean | null; default: boolean }>;

/** Every parameter the block ran with, the question's values first, the declared defaults marked. */
function Params({ params, applied }: { params?: Record<string, string | number | boolean>; applied?: Applied }) {
  const entries: Applied = applied ?? Object.entries(params ?? {}).map(([name, value]) => ({ name, value, default: false }));
  if (entries.length === 0) return null;
  return (
    <p class="params">
      Parameters:{' '}
      {entries.map((p, i) => (
        <span>
          {i > 0 ? ', ' : ''}
          <code>{p.name}</code> = <code>{JSON.stringify(p.value)}</code>
          {p.default ? ' (default)' : ''}
        </span>
      ))}
    </p>
  );
}

/** How the route read the question: each part with what of the block gives it, so a miss can be read here and in the trace. */
function RouteParts({ run }: { run: ShownRun }) {
  const parts = run.route?.parts ?? [];
  if (parts.length === 0) return null;
  return (
    <details class="route">
      <summary>How this question was matched{run.route !== undefined ? ` to ${run.route.block}` : ''}</summary>
      <ul>
        {parts.map((p) => (
          <li class={p.by === undefined ? 'unmatched' : undefined}>
            {p.kind} “{p.text}”: {p.by !== undefined ? <code>{p.by}</code> : 'not given by this block'}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Draft({ run, blocks }: { run: ShownRun; blocks: BlockSummary[] }) {
  if (run.reviewDraft === undefined) return run.capture !== undefined ? <p class="note">Not saved as a draft ({run.capture.code}).</p> : null;
  const draft = blocks.find((b) => b.file === run.reviewDraft?.path);
  return (
    <div class="draft" role="status">
      <p>
        <strong>Saved for review as a draft block</strong>: <code>{run.reviewDraft.path}</code>
        {run.reviewDraft.created ? '' : ` (asked ${run.reviewDraft.askedTimes} times)`}
      </p>
      <p>
        {draft !== undefined ? (
          <a class="button" href={`/blocks/${encodeURIComponent(draft.id)}`}>
            Open draft
          </a>
        ) : (
          <a class="button" href="/blocks">
            Open draft
          </a>
        )}{' '}
        Promote it after review: <code>svc certify --from-draft {run.reviewDraft.path}</code>
      </p>
    </div>
  );
}

/**
 * A certified view answering a context question: its owner and its blocks the gate serves, each
 * linked to its page (the written answer above already says what the view is for).
 */
function ViewContents({ view, question }: { view: NonNullable<ShownRun['view']>; question: string }) {
  return (
    <section class="view-contents" aria-label={`View ${view.name}: ${question}`}>
      {view.owner !== undefined ? <p>Owned by {view.owner}.</p> : null}
      <ul>
        {view.blocks.map((b) => (
          <li>
            <a href={`/blocks/${encodeURIComponent(b.id)}`}>{b.id}</a>
            {b.description !== undefined ? `: ${b.description}` : ''}
          </li>
        ))}
      </ul>
      {view.blocks.length === 0 ? <p class="note">None of its blocks answers as certified now.</p> : null}
    </section>
  );
}

/**
 * Governed context beside an answer: the certified terms it used and the certified views holding
 * its block. Its landmark is named after the question, so two answers' are never alike.
 */
function BusinessContext({ run }: { run: ShownRun }) {
  const terms = run.definition === undefined ? (run.view?.terms ?? run.terms ?? []) : [];
  const views = run.views ?? [];
  if (terms.length === 0 && views.length === 0) return null;
  const named = (items: ReadonlyArray<{ id: string; name: string }>) =>
    items.map((x, i) => (
      <span>
        {i > 0 ? ', ' : ''}
        {x.name} (<code>{x.id}</code>)
      </span>
    ));
  return (
    <aside class="knowledge business-context" aria-label={`Business terms and views: ${run.question}`}>
      {terms.length > 0 ? <p>Terms: {named(terms)}</p> : null}
      {views.length > 0 ? <p>Views: {named(views)}</p> : null}
    </aside>
  );
}

function Knowledge({ run }: { run: ShownRun }) {
  return (
    <>
      {run.view !== undefined ? <ViewContents view={run.view} question={run.question} /> : null}
      <BusinessContext run={run} />
      {run.knowledge !== undefined ? (
        <aside class="knowledge" aria-label={`Team documents: ${run.question}`}>
          <p>
            <strong>Team documents</strong> (context only){run.knowledge.note !== undefined ? `: ${run.knowledge.note}` : ''}
          </p>
          <ul>
            {run.knowledge.citations.map((c) => (
              <li>
                {c.url !== undefined ? (
                  <a href={c.url} rel="noreferrer noopener" target="_blank">
                    {c.title}
                  </a>
                ) : (
                  c.title
                )}{' '}
                · {c.source}
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
      {(run.steps ?? [])
        .filter((s) => s.kind === 'documents_not_read')
        .map((s) => (
          <p class="note">
            <strong>{s.title}</strong>: {s.detail}
          </p>
        ))}
    </>
  );
}

/**
 * Where an answer's table is exported: the export route told the answer's run id, so the server
 * reruns the statement it recorded for that answer (the bound block or the written SQL) as this
 * person; nothing of the screen or the request's SQL. Every table of Ask comes from such a
 * statement, so Ask has no on-screen save; someone who may not export gets no downloads.
 */
function useAnswerExport(run: ShownRun): ExportRoute | null {
  const allowed = useAllowed('export');
  const ranStatement = run.tier === 1 ? run.block !== undefined : run.tier === 2 && run.sql !== undefined;
  return allowed && ranStatement ? { path: '/api/query/export', body: { runId: run.runId } } : null;
}

/** The answer's rows as a chart and a table, or what is shown of them while its figures are withheld. */
function AnswerRows({ run, visualization }: { run: ShownRun; visualization?: Visualization }) {
  const exportRoute = useAnswerExport(run);
  return (
    <>
      {run.figuresWithheld === true ? (
        <p class="note">
          The figures of this answer are not shown to you until it is reviewed; its columns and row count are: {run.columns.join(', ')} ({run.rowCount} rows).
        </p>
      ) : null}
      {run.tier !== 3 && run.rows.length > 0 ? (
        <ResultChart columns={run.columns} rows={run.rows} label={run.question} {...(visualization !== undefined ? { visualization } : {})} />
      ) : null}
      {run.tier !== 3 && run.columns.length > 0 && run.figuresWithheld !== true ? (
        <ResultTable columns={run.columns} rows={run.rows} label={run.question} exportRoute={exportRoute} />
      ) : null}
    </>
  );
}

/** `text` without each of `said` (sentences shown elsewhere), its spacing tidied. */
function withoutRepeats(text: string, said: ReadonlyArray<string | undefined>): string {
  let rest = text;
  for (const s of said) if (s !== undefined && s.trim() !== '') rest = rest.split(s.trim()).join(' ');
  return rest.replace(/\s+/g, ' ').trim();
}

/**
 * The answer's words. A refusal's label already gives its reason and its Next line the step to
 * take, so of a refusal's text only what it adds beyond them is shown: each is said once.
 */
function AnswerText({ run }: { run: ShownRun }) {
  if (run.answer === undefined) return null;
  const refused = run.trust === 'refused';
  const text = refused ? withoutRepeats(run.answer.text, [run.refusal?.reason, run.tier === 3 ? run.next : undefined]) : run.answer.text;
  if (refused && text === '') return null;
  return (
    <p class="answer-text">
      <span class="heading">{run.answer.heading}</span> {text}
    </p>
  );
}

/** A refusal that offers review-required exploration: taken only by this explicit choice, never implied. */
function Explore({ run, onExplore }: { run: ShownRun; onExplore?: ((question: string) => void) | undefined }) {
  if (run.tier !== 3 || run.nextAction !== 'explore-review-required' || onExplore === undefined) return null;
  return (
    <p class="explore">
      <button type="button" class="secondary" onClick={() => onExplore(run.question)}>
        Explore anyway (review required, not certified)
      </button>
    </p>
  );
}

export function Answer({
  run,
  blocks,
  visualization,
  onExplore,
}: {
  run: ShownRun;
  blocks: BlockSummary[];
  visualization?: Visualization;
  onExplore?: (question: string) => void;
}) {
  return (
    <article class="answer" data-tier={run.tier} aria-label={`Answer to: ${run.question}`}>
      <TrustLabel run={run} />
      <h2 class="question">{run.question}</h2>
      <AnswerText run={run} />
      <Params {...(run.params !== undefined ? { params: run.params } : {})} {...(run.paramsApplied !== undefined ? { applied: run.paramsApplied } : {})} />
      <AnswerRows run={run} {...(visualization !== undefined ? { visualization } : {})} />
      {run.tier === 2 && run.sql !== undefined ? (
        <details>
          <summary>SQL written for this question</summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: SQL wider than its box scrolls in it, which a keyboard must be able to scroll */}
          <pre tabIndex={0}>
            <code>{run.sql}</code>
          </pre>
        </details>
      ) : null}
      <RouteParts run={run} />
      <Draft run={run} blocks={blocks} />
      {run.tier === 3 && run.next !== undefined ? <p class="next">Next: {run.next}</p> : null}
      <Explore run={run} onExplore={onExplore} />
      <Knowledge run={run} />
      <AnswerActions run={run} />
      <p>
        <a href={`/ask/traces/${encodeURIComponent(run.runId)}`}>Open full trace</a>
      </p>
    </article>
  );
}

/** An answer as the screen shows it: a run, or one reopened from its facts (which keep no candidates or timing). */
type ShownRun = Omit<AskRun, 'candidates' | 'durationMs'>;

const TIER_OF_TRUST = { certified: 1, review_required: 2, refused: 3 } as const;

/** An answer reopened from its facts (`/ask?run=<runId>`). */
function runOfFacts(f: AnswerFacts): ShownRun {
  const block = f.sources.find((s) => s.startsWith('block:'))?.slice('block:'.length);
  const tier = f.tier ?? TIER_OF_TRUST[f.trust];
  return {
    runId: f.runId,
    traceId: f.traceId,
    question: f.question,
    tier,
    trust: f.trust,
    columns: f.values?.columns ?? [],
    rows: f.values?.rows ?? [],
    rowCount: f.values?.rowCount ?? 0,
    truncated: false,
    ...(block !== undefined ? { block } : {}),
    ...(f.sql !== undefined && tier === 2 ? { sql: f.sql } : {}),
    ...(f.refusalCode !== undefined ? { refusal: { code: f.refusalCode, reason: 'This question was refused.' } } : {}),
    ...(f.values?.text !== undefined ? { answer: { heading: '', text: f.values.text } } : {}),
    ...(f.figuresWithheld === true ? { figuresWithheld: true as const } : {}),
  };
}

const PROGRESS = {
  started: 'Looking for a certified block that answers this…',
  tier1: 'A certified block answers this: running it…',
  tier2: 'No certified block answers this: writing SQL from the metadata (it will need review)…',
  refused: 'This question cannot be answered here: preparing the reason…',
};

function progressText(e: AskProgress): string {
  return e.kind === 'routed' && e.route !== undefined ? PROGRESS[e.route] : PROGRESS.started;
}

interface Turn {
  run: ShownRun;
  visualization?: Visualization;
}

async function visualizationOf(run: AskRun): Promise<Visualization | undefined> {
  if (run.tier !== 1 || run.block === undefined) return undefined;
  const detail = await api<BlockView>(`/api/blocks/${encodeURIComponent(run.block)}`);
  return detail.ok && detail.value.block.visualization !== null ? detail.value.block.visualization : undefined;
}

/** The conversation on the page: its turns, the run under way and its progress, the last failure, and how to ask or reopen an answer. */
function useConversation(onAnswered: () => void) {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const [blocks, setBlocks] = useState<BlockSummary[]>([]);
  const reopen = async (runId: string) => {
    const facts = await api<AnswerFacts>(`/api/host/answers/${encodeURIComponent(runId)}?values=1`);
    if (facts.ok) setTurns([{ run: runOfFacts(facts.value) }]);
    else setFailure(`That answer cannot be opened: ${facts.error.message}`);
  };
  const ask = async (text: string, explore = false) => {
    const threadId = turns.at(-1)?.run.threadId;
    setBusy(true);
    setFailure(undefined);
    setProgress(PROGRESS.started);
    const request = { question: text, ...(threadId !== undefined ? { threadId } : {}), ...(explore ? { explore: true } : {}) };
    const result = await askStreaming(request, (e) => setProgress(progressText(e)));
    if (result.ok) {
      const visualization = await visualizationOf(result.value);
      if (result.value.reviewDraft !== undefined) {
        const list = await api<BlockList>('/api/blocks');
        if (list.ok) setBlocks(list.value.blocks);
      }
      setTurns((t) => [...t, { run: result.value, ...(visualization !== undefined ? { visualization } : {}) }]);
      onAnswered();
    } else setFailure(`${result.error.message} (${result.error.code})`);
    setBusy(false);
  };
  return { turns, busy, progress, failure, blocks, reopen, ask, restart: () => setTurns([]) };
}

export function AskPage() {
  const [question, setQuestion] = useState('');
  const talk = useConversation(() => setQuestion(''));
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const runId = takeParam('run');
    if (runId !== undefined) void talk.reopen(runId);
    input.current?.focus();
  }, []);
  const submit = (event: Event) => {
    event.preventDefault();
    if (question.trim() !== '' && !talk.busy) void talk.ask(question.trim());
  };
  return (
    <section class="ask">
      <h1>Ask</h1>
      {talk.turns.map((t) => (
        <Answer
          run={t.run}
          blocks={talk.blocks}
          {...(t.visualization !== undefined ? { visualization: t.visualization } : {})}
          onExplore={(q) => void (talk.busy ? undefined : talk.ask(q, true))}
        />
      ))}
      <AskForm
        question={question}
        setQuestion={setQuestion}
        input={input}
        busy={talk.busy}
        followUp={talk.turns.length > 0}
        onSubmit={submit}
        onRestart={talk.restart}
      />
      {talk.turns.length === 0 ? (
        <SuggestedQuestions
          disabled={talk.busy}
          onAsk={(q) => {
            setQuestion(q);
            void talk.ask(q);
          }}
        />
      ) : null}
      <AskStatus busy={talk.busy} progress={talk.progress} failure={talk.failure} />
    </section>
  );
}

/** How the run under way is going (announced politely), and why the last one failed. */
function AskStatus({ busy, progress, failure }: { busy: boolean; progress: string; failure: string | undefined }) {
  return (
    <>
      <p class="progress" role="status" aria-live="polite">
        {busy ? progress : ''}
      </p>
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}

/** The question box: a first question or a follow-up, and a new conversation once there is one. */
function AskForm(props: {
  question: string;
  setQuestion: (text: string) => void;
  input: RefObject<HTMLInputElement | null>;
  busy: boolean;
  followUp: boolean;
  onSubmit: (event: Event) => void;
  onRestart: () => void;
}) {
  return (
    <form onSubmit={props.onSubmit} class="ask-form">
      <label for="question">{props.followUp ? 'Ask a follow-up' : 'Ask a question about your data'}</label>
      <div class="row">
        <input
          id="question"
          ref={props.input}
          value={props.question}
          onInput={(e) => props.setQuestion((e.target as HTMLInputElement).value)}
          autocomplete="off"
          maxLength={4000}
        />
        <button type="submit" disabled={props.busy}>
          Ask
        </button>
        {props.followUp ? (
          <button type="button" class="secondary" onClick={props.onRestart}>
            New conversation
          </button>
        ) : null}
      </div>
    </form>
  );
}
