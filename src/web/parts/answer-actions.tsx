/**
 * What a person can do with an answer besides reading it: the host's answer actions (each POSTs
 * `{ runId, question, trustState }` to the host's same-origin path, shown where its `on` says:
 * `review` for an answer that needs review, `unanswered` for a refusal, `answered` for a
 * certified answer, as a quiet link) and Build: adding the answer to an App page as a live tile,
 * offered only to someone who may author Apps (on a hosted page, the host's reason otherwise).
 */
import { useState } from 'preact/hooks';
import type { AskRun } from '../../server/contract/agent-runs.js';
import type { AddedTile, Library } from '../../server/contract/apps.js';
import { api } from '../client/api.js';
import { can, hosted } from '../client/host.js';
import { useHost } from '../client/host-context.js';

/** What of a run its actions read (a run reopened from its facts has no more). */
type ActedRun = Pick<AskRun, 'runId' | 'question' | 'trust' | 'tier'>;

const ON: Record<AskRun['trust'], 'review' | 'unanswered' | 'answered'> = { review_required: 'review', refused: 'unanswered', certified: 'answered' };

function HostActions({ run }: { run: ActedRun }) {
  const state = useHost();
  const [sent, setSent] = useState<string | undefined>();
  if (state.kind !== 'ready') return null;
  const actions = (state.map.ui?.answerActions ?? []).filter((a) => a.on.includes(ON[run.trust]));
  if (actions.length === 0) return null;
  const send = async (href: string, label: string) => {
    const r = await fetch(href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ runId: run.runId, question: run.question, trustState: run.trust }),
    });
    setSent(r.ok ? `${label}: sent.` : `${label}: the host answered ${r.status}.`);
  };
  return (
    <div class="answer-actions">
      {actions.map((a) => (
        <button type="button" class={ON[run.trust] === 'answered' ? 'quiet' : 'secondary'} title={a.description} onClick={() => void send(a.url, a.label)}>
          {a.label}
        </button>
      ))}
      <span role="status" class="note">
        {sent ?? ''}
      </span>
    </div>
  );
}

/** The App pages an answer may be added to (read when first asked for), and the one chosen. */
function usePageChoice() {
  const [pages, setPages] = useState<Array<{ value: string; label: string }> | undefined>();
  const [chosen, setChosen] = useState('');
  const load = async () => {
    if (pages !== undefined) return;
    const r = await api<Library>('/api/apps');
    const list = r.ok ? r.value.apps.flatMap((a) => a.pages.map((p) => ({ value: `${a.id}/${p.id}`, label: `${a.title ?? a.id} · ${p.title ?? p.id}` }))) : [];
    setPages(list);
    setChosen(list[0]?.value ?? '');
  };
  return { pages, chosen, setChosen, load };
}

/** A choice of App page and the button that adds the answer to it. */
function PagePicker(props: { pages: Array<{ value: string; label: string }>; chosen: string; onChoose: (value: string) => void; onAdd: () => void }) {
  return (
    <p>
      <label>
        App page{' '}
        <select value={props.chosen} onChange={(e) => props.onChoose((e.target as HTMLSelectElement).value)}>
          {props.pages.map((p) => (
            <option value={p.value}>{p.label}</option>
          ))}
        </select>
      </label>{' '}
      <button type="button" onClick={props.onAdd} disabled={props.chosen === ''}>
        Add as a live tile
      </button>
    </p>
  );
}

function Build({ run }: { run: ActedRun }) {
  const state = useHost();
  const choice = usePageChoice();
  const [said, setSaid] = useState<string | undefined>();
  if (run.tier === 3) return null;
  if (!can(state, 'app.author')) {
    const reason = hosted && state.kind === 'ready' ? state.map.refusals?.['app.author']?.reason : undefined;
    return reason !== undefined ? <p class="note build-refused">Adding answers to App pages is not available to you: {reason}</p> : null;
  }
  const add = async () => {
    const [appId, pageId] = choice.chosen.split('/');
    const r = await api<AddedTile>(`/api/apps/${encodeURIComponent(appId ?? '')}/pages/${encodeURIComponent(pageId ?? '')}/answers`, {
      body: { runId: run.runId, mode: 'live' },
    });
    setSaid(r.ok ? `Added to ${choice.chosen} (tile ${r.value.tile.id}).` : r.error.message);
  };
  return (
    <details class="build" onToggle={() => void choice.load()}>
      <summary>Build: add to an App page</summary>
      {choice.pages === undefined ? (
        <p role="status">Reading App pages…</p>
      ) : (
        <PagePicker pages={choice.pages} chosen={choice.chosen} onChoose={choice.setChosen} onAdd={() => void add()} />
      )}
      <p role="status" class="note">
        {said ?? ''}
      </p>
    </details>
  );
}

export function AnswerActions({ run }: { run: ActedRun }) {
  return (
    <>
      <HostActions run={run} />
      <Build run={run} />
    </>
  );
}
