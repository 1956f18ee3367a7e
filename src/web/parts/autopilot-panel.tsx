/**
 * The App Autopilot beside the Build screen's draft (spec 01 "App Autopilot"): the person asks
 * for a change or an explanation; the proposal comes back as a readable diff of the draft (made
 * by the server from the operations, never from the model's words), with Apply and Discard; an
 * answer is shown as said; a refusal shows its recovery reason and how to recover. Nothing in the
 * draft changes until Apply, whose answer is the next revision. The browser sends only the
 * request's words and opaque ids.
 */
import { useState } from 'preact/hooks';
import type { BuildDraft } from '../../server/contract/app-builds.js';
import type { AppliedBody, AutopilotRunBody } from '../../server/contract/autopilot.js';
import { api } from '../client/api.js';

interface Props {
  draft: BuildDraft;
  /** The preview to name as evidence, when one was run for this revision. */
  previewId?: string;
  onApplied(draft: BuildDraft): void;
}

function Diff({ run }: { run: AutopilotRunBody }) {
  return (
    <ul class="autopilot-diff" aria-label="Proposed changes">
      {(run.artifact?.diff ?? []).map((line) => (
        <li class={`diff-${line.change}`}>
          <span class="badge">{line.change}</span> {line.at}: {line.what}
        </li>
      ))}
    </ul>
  );
}

function Outcome({ run, busy, apply, discard }: { run: AutopilotRunBody; busy: boolean; apply(): void; discard(): void }) {
  if (run.outcome === 'refused')
    return (
      <p class="error autopilot-refusal" role="alert">
        {run.recovery?.message} {run.recovery?.hint} <span class="note">({run.recovery?.code})</span>
      </p>
    );
  if (run.outcome === 'answer')
    return <p class="autopilot-answer">{run.figuresWithheld === true ? 'The figures of this answer are not shown to you.' : run.answer}</p>;
  return (
    <div class="autopilot-proposal">
      <Diff run={run} />
      <button type="button" disabled={busy} onClick={apply}>
        Apply
      </button>{' '}
      <button type="button" disabled={busy} onClick={discard}>
        Discard
      </button>
    </div>
  );
}

type Page = { id: string; title: string; tiles: Array<{ id: string; title: string }> };

/** Which tile a request is about (optional): the value is `<page>/<tile>`. */
function TargetSelect({ draft, value, set }: { draft: BuildDraft; value: string; set(v: string): void }) {
  return (
    <label>
      About tile{' '}
      <select value={value} onChange={(e) => set((e.target as HTMLSelectElement).value)}>
        <option value="">the whole draft</option>
        {(draft.pages as Page[]).flatMap((p) =>
          p.tiles.map((t) => (
            <option value={`${p.id}/${t.id}`}>
              {p.title}: {t.title}
            </option>
          )),
        )}
      </select>
    </label>
  );
}

/** The request's opaque ids: the target tile and, with one, the preview to name as its evidence. */
function targetOf(target: string, previewId: string | undefined): Record<string, string> {
  const [pageId, tileId] = target.split('/');
  if (pageId === undefined || tileId === undefined) return {};
  return { pageId, tileId, ...(previewId !== undefined ? { previewId } : {}) };
}

export function AutopilotPanel({ draft, previewId, onApplied }: Props) {
  const [request, setRequest] = useState('');
  const [target, setTarget] = useState('');
  const [run, setRun] = useState<AutopilotRunBody | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const base = `/api/app-builds/${draft.id}/autopilot`;
  const ask = async (e: Event) => {
    e.preventDefault();
    if (request.trim() === '') return;
    setBusy(true);
    const r = await api<AutopilotRunBody>(base, { body: { request, ...targetOf(target, previewId) } });
    setBusy(false);
    setRun(r.ok ? r.value : undefined);
    setFailure(r.ok ? undefined : r.error.message);
  };
  const apply = async () => {
    if (run?.artifact === undefined) return;
    setBusy(true);
    const r = await api<AppliedBody>(`${base}/${run.artifact.id}/apply`, { body: { proposalHash: run.artifact.proposalHash, baseRevision: run.baseRevision } });
    setBusy(false);
    if (!r.ok) return setFailure(`${r.error.message} (${r.error.code})`);
    setRun(undefined);
    onApplied(r.value.draft);
  };
  const discard = async () => {
    if (run?.artifact !== undefined) await api(`${base}/${run.artifact.id}/discard`, { body: {} });
    setRun(undefined);
  };
  return (
    <aside class="autopilot" aria-labelledby="autopilot-h">
      <h2 id="autopilot-h">Autopilot</h2>
      <form onSubmit={(e) => void ask(e)}>
        <label>
          Ask the Autopilot <textarea value={request} onInput={(e) => setRequest((e.target as HTMLTextAreaElement).value)} />
        </label>
        <TargetSelect draft={draft} value={target} set={setTarget} />
        <button type="submit" disabled={busy}>
          Ask
        </button>
      </form>
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
      {run !== undefined ? <Outcome run={run} busy={busy} apply={() => void apply()} discard={() => void discard()} /> : null}
    </aside>
  );
}
