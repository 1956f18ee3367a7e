/**
 * Build an App (spec 01 "Build with AI (App Builder orchestrator)"): start from a prompt or from
 * chosen sources; the catalog with search and each source's lifecycle label (Add disabled where
 * the build may not add it); the proposal with its planner and clarifications; the draft's
 * pages and tiles to remove or reorder; preview with each tile's result and trust; the preflight
 * list; Publish; and the App Autopilot beside the draft (parts/autopilot-panel.tsx). Composing by
 * hand (pages, tiles, filter bindings) is parts/draft-editor.tsx; answering the proposal's
 * clarifications is parts/clarifications.tsx. The browser
 * sends only catalog ids and allow-listed operations: the server mints every source binding, tile
 * id and revision.
 */
import { useEffect, useState } from 'preact/hooks';
import type { BuildDraft, Candidates, PreflightReport, Preview, PublishedApp } from '../../server/contract/app-builds.js';
import { api } from '../client/api.js';
import { AutopilotPanel } from '../parts/autopilot-panel.js';
import { change, composeOn, type SetBuild as Set, type BuildState as State } from '../parts/build-change.js';
import { Clarifications } from '../parts/clarifications.js';
import { DraftEditor } from '../parts/draft-editor.js';
import { ReviewOutcome, ReviewToggle } from '../parts/review-toggle.js';

type Proposal = { planner: 'model' | 'deterministic'; clarifications: string[]; answers?: string[] };

/** Which page a source added from the catalog goes to (the first page when none is chosen). */
function PageChoice({ draft, value, choose }: { draft: BuildDraft; value: string; choose(id: string): void }) {
  const pages = draft.pages as Array<{ id: string; title: string }>;
  if (pages.length < 2) return null;
  return (
    <label>
      Add to page{' '}
      <select value={value} onChange={(e) => choose((e.target as HTMLSelectElement).value)}>
        {pages.map((p) => (
          <option value={p.id}>{p.title}</option>
        ))}
      </select>
    </label>
  );
}

function Catalog({ draft, set }: { draft: BuildDraft; set: Set }) {
  const [query, setQuery] = useState('');
  const [pageId, setPageId] = useState('');
  const [found, setFound] = useState<Candidates | undefined>();
  useEffect(() => {
    void api<Candidates>(`/api/app-builds/${draft.id}/source-candidates?limit=20&query=${encodeURIComponent(query)}`).then((r) =>
      setFound(r.ok ? r.value : undefined),
    );
  }, [draft.id, query]);
  const onPage = (draft.pages as Array<{ id: string }>).some((p) => p.id === pageId) ? { pageId } : {};
  const add = (sourceId: string) => composeOn(draft, set)({ op: 'add_tile', sourceId, ...onPage });
  return (
    <section class="catalog" aria-labelledby="catalog-h">
      <h2 id="catalog-h">Sources</h2>
      <label>
        Search sources <input type="search" value={query} onInput={(e) => setQuery((e.target as HTMLInputElement).value)} />
      </label>{' '}
      <PageChoice draft={draft} value={pageId} choose={setPageId} />
      <ul>
        {(found?.sources ?? []).map((s) => (
          <li class="source" data-source={s.id}>
            <strong>{s.name}</strong> <span class={`badge ${s.lifecycle === 'certified' ? 'badge-certified' : 'badge-review'}`}>{s.label}</span>
            {s.description !== undefined ? <p>{s.description}</p> : null}
            <button type="button" disabled={s.addable !== true} title={s.addDisabledReason} aria-label={`Add ${s.name}`} onClick={() => void add(s.id)}>
              Add
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Draft({ draft, set, previewId }: { draft: BuildDraft; set: Set; previewId?: string }) {
  const proposal = draft.proposal as Proposal | undefined;
  return (
    <section class="build-draft" aria-labelledby="draft-h">
      <h2 id="draft-h">
        {draft.title} <span class="note">revision {draft.revision}</span>
      </h2>
      {proposal !== undefined ? (
        <p class="planner">{proposal.planner === 'model' ? 'Proposed by the configured model.' : 'Deterministic plan: no planner is configured.'}</p>
      ) : null}
      {(proposal?.answers ?? []).length > 0 ? <p class="heard note">This proposal heard your answers: {proposal?.answers?.join('; ')}</p> : null}
      <Clarifications key={draft.revision} draft={draft} set={set} />
      <DraftEditor draft={draft} set={set} {...(previewId !== undefined ? { previewId } : {})} />
    </section>
  );
}

function PromptForm({ draft, set }: { draft: BuildDraft; set: Set }) {
  const [prompt, setPrompt] = useState('');
  const submit = (e: Event) => {
    e.preventDefault();
    if (prompt.trim() !== '') void change(set, `/api/app-builds/${draft.id}/plan`, { baseRevision: draft.revision, prompt });
  };
  return (
    <form class="prompt" onSubmit={submit}>
      <label>
        What should the App show? <textarea value={prompt} onInput={(e) => setPrompt((e.target as HTMLTextAreaElement).value)} />
      </label>
      <button type="submit">Propose</button>
    </form>
  );
}

function PreviewList({ preview }: { preview: Preview }) {
  return (
    <ul class="preview">
      {preview.components.map((c) => (
        <li data-tile={c.tileId} class={c.ok ? 'ok' : 'failed'}>
          {c.tileId}: {c.ok ? `${c.rowCount} rows` : (c.error ?? 'failed')}
          {c.repaired === true ? ' (repaired)' : ''} <span class="badge">{c.reviewRequired ? 'Needs review' : 'Certified source'}</span>
        </li>
      ))}
    </ul>
  );
}

function PublishPanel({ state, set }: { state: State; set: Set }) {
  const [appId, setAppId] = useState('');
  // Off: publish into the project as it is; on: also commit the App's files on a review branch and ask for review.
  const [review, setReview] = useState(false);
  const draft = state.draft!;
  const base = `/api/app-builds/${draft.id}`;
  const preview = async () => {
    const r = await api<Preview>(`${base}/preview`, { body: { revision: draft.revision } });
    set((s) => (r.ok ? { ...s, preview: r.value, failure: undefined } : { ...s, failure: r.error.message }));
  };
  const check = async () => {
    const r = await api<PreflightReport>(`${base}/preflight`, { body: { revision: draft.revision, appId } });
    set((s) => (r.ok ? { ...s, preflight: r.value, failure: undefined } : { ...s, failure: r.error.message }));
  };
  const publish = async () => {
    const r = await api<PublishedApp>(`${base}/publish`, { body: { revision: draft.revision, appId, ...(review ? { review: true } : {}) } });
    set((s) => (r.ok ? { ...s, published: r.value, failure: undefined } : { ...s, failure: r.error.message }));
  };
  return (
    <section class="publish" aria-labelledby="publish-h">
      <h2 id="publish-h">Preview and publish</h2>
      <button type="button" onClick={() => void preview()}>
        Preview
      </button>
      {state.preview !== undefined ? <PreviewList preview={state.preview} /> : null}
      <label>
        App id <input value={appId} onInput={(e) => setAppId((e.target as HTMLInputElement).value)} />
      </label>
      <button type="button" onClick={() => void check()}>
        Check
      </button>{' '}
      <ReviewToggle checked={review} set={setReview} otherwise="only writing the files" />{' '}
      <button type="button" onClick={() => void publish()}>
        {review ? 'Publish and send for review' : 'Publish'}
      </button>
      <Outcome state={state} />
    </section>
  );
}

function Outcome({ state }: { state: State }) {
  const { preflight, published } = state;
  return (
    <div>
      {preflight !== undefined ? (
        <div class="preflight">
          <p>{preflight.ready ? 'Ready to publish.' : `${preflight.blockers.length} blocker(s) stop publication.`}</p>
          <ul>
            {preflight.blockers.map((b) => (
              <li data-rule={b.rule}>{b.message}</li>
            ))}
          </ul>
          <p class="trust-line">
            {preflight.trust.label}: {preflight.trust.line}
          </p>
        </div>
      ) : null}
      {published !== undefined ? (
        <p class="published" role="status">
          Published <a href="/apps">{published.app}</a> ({published.trust.label}).
          <ReviewOutcome review={published.review} />
        </p>
      ) : null}
    </div>
  );
}

export function BuildPage() {
  const [state, setState] = useState<State>({});
  useEffect(() => {
    void api<BuildDraft>('/api/app-builds', { body: {} }).then((r) => setState(r.ok ? { draft: r.value } : { failure: r.error.message }));
  }, []);
  const { draft, failure } = state;
  return (
    <section class="build">
      <h1>Build an App</h1>
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
      {draft === undefined ? (
        <p role="status">Starting a build…</p>
      ) : (
        <div>
          <PromptForm draft={draft} set={setState} />
          <Catalog draft={draft} set={setState} />
          <div class="build-side">
            <Draft draft={draft} set={setState} {...(state.preview !== undefined ? { previewId: state.preview.previewId } : {})} />
            <AutopilotPanel
              draft={draft}
              {...(state.preview?.revision === draft.revision ? { previewId: state.preview.previewId } : {})}
              onApplied={(next) => setState({ draft: next })}
            />
          </div>
          <PublishPanel state={state} set={setState} />
        </div>
      )}
    </section>
  );
}
