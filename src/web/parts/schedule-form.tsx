/**
 * The form that makes or changes one schedule: its id (fixed once made), the page it runs, its
 * cadence (every hour, day or week at a UTC time, or cron as written) and its recipients, mail
 * addresses and webhook addresses one a line. It sends what was typed; the server checks it and
 * each problem it names is shown as an alert, with nothing saved.
 */
import { useState } from 'preact/hooks';
import type { ScheduleEditRequest, ScheduleSaved, ScheduleView } from '../../server/contract/schedules.js';
import { api } from '../client/api.js';
import { type Cadence, cadenceOf, cronOf, DEFAULT_CADENCE, type Every, WEEKDAYS } from '../client/cadence.js';

interface Props {
  path: string;
  pages: Array<{ id: string; title?: string }>;
  pageId: string;
  schedule?: ScheduleView;
  /** Send the change for review instead of writing svc.app.json. */
  review: boolean;
  onSaved: (note: string) => void;
  onCancel: () => void;
}

/** Lines with a scheme are webhooks, the others mail addresses; blank lines are left out. */
function recipientsOf(text: string): ScheduleEditRequest['recipients'] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(l) ? { kind: 'webhook' as const, url: l } : { kind: 'email' as const, address: l }));
}

const textOf = (s: ScheduleView | undefined) => (s?.recipients ?? []).map((r) => (r.kind === 'email' ? r.address : r.url)).join('\n');

const EVERY: Array<[Every, string]> = [
  ['hour', 'Every hour'],
  ['day', 'Every day'],
  ['week', 'Every week'],
  ['cron', 'Cron (five fields, UTC)'],
];

function CadenceFields({ cadence, set }: { cadence: Cadence; set: (c: Cadence) => void }) {
  const value = (e: Event) => (e.target as HTMLInputElement).value;
  return (
    <>
      <label for="schedule-every">How often</label>
      <select id="schedule-every" value={cadence.every} onChange={(e) => set({ ...cadence, every: value(e) as Every })}>
        {EVERY.map(([v, label]) => (
          <option value={v}>{label}</option>
        ))}
      </select>
      {cadence.every === 'week' ? (
        <>
          <label for="schedule-weekday">On</label>
          <select id="schedule-weekday" value={String(cadence.weekday)} onChange={(e) => set({ ...cadence, weekday: Number(value(e)) })}>
            {WEEKDAYS.map((d, i) => (
              <option value={String(i)}>{d}</option>
            ))}
          </select>
        </>
      ) : null}
      {cadence.every === 'day' || cadence.every === 'week' ? (
        <>
          <label for="schedule-time">At (UTC, HH:MM)</label>
          <input id="schedule-time" value={cadence.time} onInput={(e) => set({ ...cadence, time: value(e) })} />
        </>
      ) : null}
      {cadence.every === 'cron' ? (
        <>
          <label for="schedule-cron">Cron</label>
          <input id="schedule-cron" value={cadence.cron} onInput={(e) => set({ ...cadence, cron: value(e) })} />
        </>
      ) : null}
    </>
  );
}

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div role="alert">
      <ul class="error problems">
        {problems.map((p) => (
          <li>{p}</li>
        ))}
      </ul>
    </div>
  );
}

export function ScheduleForm({ path, pages, pageId, schedule, review, onSaved, onCancel }: Props) {
  const [id, setId] = useState(schedule?.id ?? '');
  const [page, setPage] = useState(schedule?.page ?? pageId);
  const [cadence, setCadence] = useState<Cadence>(schedule !== undefined ? cadenceOf(schedule.cron) : DEFAULT_CADENCE);
  const [to, setTo] = useState(textOf(schedule));
  const [problems, setProblems] = useState<string[]>([]);
  const save = async (e: Event) => {
    e.preventDefault();
    const body: ScheduleEditRequest = { page, cron: cronOf(cadence), recipients: recipientsOf(to), ...(review ? { review: true } : {}) };
    const r = await api<ScheduleSaved>(`${path}/${encodeURIComponent(id.trim())}`, { method: 'PUT', body });
    if (r.ok && r.value.review !== undefined) return onSaved(`Schedule ${r.value.scheduleId}: ${r.value.review.message}`);
    if (r.ok) return onSaved(`Schedule ${r.value.scheduleId} ${r.value.created ? 'made' : 'saved'}.`);
    const listed = (r.error.body['error'] as { problems?: unknown } | undefined)?.problems;
    setProblems(Array.isArray(listed) ? listed.map(String) : [r.error.message]);
  };
  const value = (e: Event) => (e.target as HTMLInputElement).value;
  return (
    <form class="schedule-form" aria-label={schedule !== undefined ? `Edit schedule ${schedule.id}` : 'New schedule'} onSubmit={(e) => void save(e)}>
      <label for="schedule-id">Schedule id</label>
      <input id="schedule-id" value={id} disabled={schedule !== undefined} onInput={(e) => setId(value(e))} />
      <label for="schedule-page">Page</label>
      <select id="schedule-page" value={page} onChange={(e) => setPage(value(e))}>
        {pages.map((p) => (
          <option value={p.id}>{p.title ?? p.id}</option>
        ))}
      </select>
      <CadenceFields cadence={cadence} set={setCadence} />
      <label for="schedule-to">Send to (mail or webhook addresses, one a line)</label>
      <textarea id="schedule-to" rows={3} value={to} onInput={(e) => setTo(value(e))} />
      <Problems problems={problems} />
      <p>
        <button type="submit">{review ? 'Save and send for review' : 'Save schedule'}</button>{' '}
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}
