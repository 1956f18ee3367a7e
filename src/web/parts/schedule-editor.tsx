/**
 * An App's schedules on its page (spec 03 Schedules; `schedule.manage`): each schedule with its
 * cadence, recipients and run history (each run's time, whether governed figures changed, each
 * delivery delivered or not with its reference, and why), and a form that makes, changes or
 * deletes one. The page being read is the one a new schedule runs first, so a page one follows
 * gets its schedule in one step. The server checks every schedule; its problems show as sent.
 * With Send for review on (for who may send changes for review), making, changing and deleting a
 * schedule are committed on a review branch instead of written into the App's svc.app.json.
 */
import { useState } from 'preact/hooks';
import type { ScheduleDeleted, ScheduleList, ScheduleRun, ScheduleView } from '../../server/contract/schedules.js';
import { api, useResource } from '../client/api.js';
import { describeCadence } from '../client/cadence.js';
import { ReviewToggle, useAllowed } from './review-toggle.js';
import { ScheduleForm } from './schedule-form.js';

/** Schedules are offered to someone who may manage them (always without a host), never to a link reader. */
export function useScheduler(): boolean {
  return useAllowed('schedule.manage');
}

/** Where a page's schedules open at once (Home links a followed page here). */
export const schedulesHref = (appId: string, pageId: string) => `/apps/${encodeURIComponent(appId)}/${encodeURIComponent(pageId)}#schedules`;

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/schedules`;

const recipientText = (r: ScheduleView['recipients'][number]) => (r.kind === 'email' ? r.address : r.url);

function RunHistory({ schedule }: { schedule: ScheduleView }) {
  if (schedule.runs.length === 0) return <p class="note">No runs yet.</p>;
  return (
    <div class="table-wrap">
      <table class="run-history">
        <caption>Runs of {schedule.id}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Figures</th>
            <th scope="col">Deliveries</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {schedule.runs.map((r) => (
            <tr>
              <td>
                <time dateTime={r.at}>{new Date(r.at).toISOString().replace('T', ' ').slice(0, 19)} UTC</time>
              </td>
              <td>{!r.ran ? 'Did not run' : r.changed ? 'Changed' : 'Unchanged'}</td>
              <td>
                {r.deliveries.length === 0 ? 'None' : null}
                <ul class="deliveries">
                  {r.deliveries.map((d) => (
                    <li>
                      {d.kind} {d.to}: {d.delivered ? 'delivered' : `not delivered${d.reference !== undefined ? ` (reference ${d.reference})` : ''}`}
                    </li>
                  ))}
                </ul>
              </td>
              <td>{r.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ItemProps {
  appId: string;
  schedule: ScheduleView;
  /** Send the change for review instead of writing svc.app.json. */
  review: boolean;
  onEdit: () => void;
  onChanged: (note: string) => void;
}

function ScheduleItem({ appId, schedule, review, onEdit, onChanged }: ItemProps) {
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const path = `${base(appId)}/${encodeURIComponent(schedule.id)}`;
  const remove = async () => {
    const r = await api<ScheduleDeleted>(review ? `${path}?review=1` : path, { method: 'DELETE' });
    if (!r.ok) return setFailure(r.error.message);
    onChanged(r.value.review !== undefined ? `Deleting schedule ${schedule.id}: ${r.value.review.message}` : `Schedule ${schedule.id} deleted.`);
  };
  const run = async () => {
    const r = await api<ScheduleRun>(`${path}/run`, { body: {} });
    setFailure(r.ok ? undefined : r.error.message);
    onChanged(r.ok ? `Schedule ${schedule.id} ran.` : `Schedule ${schedule.id} did not run.`);
  };
  return (
    <article class="schedule card" aria-labelledby={`schedule-${schedule.id}`}>
      <h3 id={`schedule-${schedule.id}`}>{schedule.id}</h3>
      <p>
        Page <code>{schedule.page}</code> · {describeCadence(schedule.cron)}
        {schedule.monitors > 0 ? ` · ${schedule.monitors} monitor(s)` : ''}
      </p>
      <p class="note">To: {schedule.recipients.length === 0 ? 'no one yet' : schedule.recipients.map(recipientText).join(', ')}</p>
      <p>
        <button type="button" onClick={onEdit} aria-label={`Edit ${schedule.id}`}>
          Edit
        </button>{' '}
        <button type="button" onClick={() => void run()} aria-label={`Run now ${schedule.id}`}>
          Run now
        </button>{' '}
        <button type="button" onClick={() => void remove()} aria-label={`Delete ${schedule.id}`}>
          Delete
        </button>
      </p>
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
      <RunHistory schedule={schedule} />
    </article>
  );
}

/** The App's schedules and the editor, read once opened; `pageId` is the page a new schedule runs. */
function Schedules({ appId, pageId }: { appId: string; pageId: string }) {
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState<ScheduleView | 'new' | undefined>(undefined);
  const [note, setNote] = useState('');
  const [review, setReview] = useState(false);
  const { value, failure } = useResource<ScheduleList>(base(appId), generation);
  const changed = (text: string) => {
    setNote(text);
    setEditing(undefined);
    setGeneration((g) => g + 1);
  };
  return (
    <>
      {failure !== undefined ? <p class="note">{failure}</p> : null}
      <p role="status" class="note">
        {note}
      </p>
      <p>
        <ReviewToggle checked={review} set={setReview} otherwise="writing the App's svc.app.json directly" />
      </p>
      {value?.schedules.map((s) => (
        <ScheduleItem appId={appId} schedule={s} review={review} onEdit={() => setEditing(s)} onChanged={changed} />
      ))}
      {value !== undefined && value.schedules.length === 0 ? <p class="note">This App has no schedule.</p> : null}
      {value !== undefined && editing !== undefined ? (
        <ScheduleForm
          path={base(appId)}
          pages={value.pages}
          pageId={pageId}
          review={review}
          {...(editing !== 'new' ? { schedule: editing } : {})}
          onSaved={changed}
          onCancel={() => setEditing(undefined)}
        />
      ) : null}
      {value !== undefined && editing === undefined ? (
        <button type="button" onClick={() => setEditing('new')}>
          New schedule
        </button>
      ) : null}
    </>
  );
}

/**
 * Closed until asked for (or opened by `#schedules` in the address): one line below the tiles, so
 * the page does not move while its tiles run, and the schedules are read only by someone who
 * opens them.
 */
export function ScheduleEditor({ appId, pageId }: { appId: string; pageId: string }) {
  const [open, setOpen] = useState(() => location.hash === '#schedules');
  return (
    <details id="schedules" class="schedules" open={open} onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Schedules</summary>
      {open ? <Schedules appId={appId} pageId={pageId} /> : null}
    </details>
  );
}
