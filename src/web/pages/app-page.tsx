/**
 * One App page: its tiles run through the server (four at a time, in page order, each failure
 * on its own tile) and one trust value read alike by the header badge, the `N of M tiles
 * certified` line and every tile badge. Before the page has run, the badge reads `Trust not
 * checked yet`; "All data certified and verified" appears only when the server's rules say so.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Library, PageRun, TileRun } from '../../server/contract/apps.js';
import type { Follow, Follows } from '../../server/contract/follows.js';
import { api, useResource } from '../client/api.js';
import { hosted } from '../client/host.js';
import { viewingByLink } from '../client/viewer-link.js';
import { ResultChart, type Visualization } from '../parts/result-chart.js';
import { ResultTable } from '../parts/result-table.js';
import { ScheduleEditor, useScheduler } from '../parts/schedule-editor.js';
import { ShareButton } from '../parts/share-link.js';

export const NOT_CHECKED = 'Trust not checked yet';

const badgeClass = (label: string) =>
  label === 'Certified' ? 'badge-certified' : label === 'Blocked' ? 'badge-blocked' : label === NOT_CHECKED ? 'badge-other' : 'badge-review';

function Badge({ label }: { label: string }) {
  return (
    <span class={`badge ${badgeClass(label)}`} data-trust-badge={label}>
      {label}
    </span>
  );
}

/** Where a tile on this page is exported: the page's export route, with the page's filters. */
interface TileExport {
  appId: string;
  pageId: string;
  filters: Record<string, string>;
}

function TileView({ tile, label, at }: { tile: TileRun; label: string; at: TileExport }) {
  const title = tile.title ?? tile.id;
  const exportRoute = {
    path: `/api/apps/${encodeURIComponent(at.appId)}/dashboards/${encodeURIComponent(at.pageId)}/export`,
    body: { tileId: tile.id, variables: at.filters },
  };
  return (
    <article class="tile" aria-label={title}>
      <header class="tile-head">
        <h2>{title}</h2>
        {tile.kind !== 'text' ? <Badge label={label} /> : null}
      </header>
      {tile.kind === 'text' ? <p class={tile.placeholder === true ? 'note' : ''}>{tile.text ?? ''}</p> : null}
      {tile.error !== undefined ? (
        <p class="error" role="alert">
          This tile could not run: {tile.error.message} ({tile.error.code})
        </p>
      ) : null}
      {tile.ok === true && tile.columns !== undefined && tile.rows !== undefined ? (
        <>
          {tile.kind === 'chart' ? (
            <ResultChart
              columns={tile.columns}
              rows={tile.rows}
              label={title}
              {...(tile.visualization !== undefined ? { visualization: tile.visualization as Visualization } : {})}
            />
          ) : null}
          {tile.kind === 'kpi' && tile.rows[0] !== undefined ? <p class="kpi">{String(Object.values(tile.rows[0]).at(-1) ?? '')}</p> : null}
          {tile.kind !== 'kpi' ? <ResultTable columns={tile.columns} rows={tile.rows} label={title} exportRoute={exportRoute} /> : null}
        </>
      ) : null}
      {tile.figuresWithheld === true ? (
        <p class="note">The figures of this answer are not shown to you until it is reviewed ({tile.rowCount ?? 0} rows).</p>
      ) : null}
      {tile.sourceKind === 'answer' ? (
        <p class="note">A live answer: its question's SQL, run for you with your own access. It needs review.</p>
      ) : tile.source !== undefined ? (
        <p class="note">
          Source{' '}
          <a href={`/blocks/${encodeURIComponent(tile.source)}`}>
            <code>{tile.source}</code>
          </a>
        </p>
      ) : null}
    </article>
  );
}

function Filters({ ids, values, onApply }: { ids: string[]; values: Record<string, string>; onApply: (v: Record<string, string>) => void }) {
  const [draft, setDraft] = useState(values);
  if (ids.length === 0) return null;
  const submit = (event: Event) => {
    event.preventDefault();
    onApply(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')));
  };
  return (
    <form class="filters" onSubmit={submit} aria-label="Page filters">
      {ids.map((id) => (
        <label>
          {id} <input name={id} value={draft[id] ?? ''} onInput={(e) => setDraft({ ...draft, [id]: (e.target as HTMLInputElement).value })} />
        </label>
      ))}
      <button type="submit">Apply filters</button>
    </form>
  );
}

/** Links to every page of this App (from the library, so only an App the reader may open), the current one marked; an empty slot for a one-page App. */
function PageNav({ appId, pageId }: { appId: string; pageId: string }) {
  const app = useResource<Library>('/api/apps').value?.apps.find((a) => a.id === appId);
  // The slot keeps its height while the library loads, so the tiles below never move for it.
  if (app === undefined || app.pages.length < 2) return <div class="page-nav" />;
  return (
    <nav class="page-nav" aria-label={`Pages of ${app.title ?? app.id}`}>
      <ul>
        {app.pages.map((p) => (
          <li>
            <a href={`/apps/${encodeURIComponent(appId)}/${encodeURIComponent(p.id)}`} {...(p.id === pageId ? { 'aria-current': 'page' as const } : {})}>
              {p.title ?? p.id}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page run with `filters`, run again when the page or its filters change: the run, the filters the page takes, why it failed. */
function usePageRun(appId: string, pageId: string, filters: Record<string, string>) {
  const [run, setRun] = useState<PageRun | undefined>();
  const [filterIds, setFilterIds] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | undefined>();
  useEffect(() => {
    setRun(undefined);
    setFailure(undefined);
    void api<PageRun>(`/api/apps/${encodeURIComponent(appId)}/pages/${encodeURIComponent(pageId)}/run`, { method: 'POST', body: { filters } }).then((r) => {
      if (!r.ok) return setFailure(r.error.message);
      setRun(r.value);
      setFilterIds(r.value.filters);
    });
  }, [appId, pageId, JSON.stringify(filters)]);
  return { run, filterIds, failure };
}

/** Follow or unfollow this page (its figures then show on Home); below the tiles, so the page never moves when it arrives. */
function FollowButton({ appId, pageId }: { appId: string; pageId: string }) {
  const follows = useResource<Follows>('/api/follows').value;
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  if (follows === undefined) return null;
  const following = chosen ?? follows.follows.some((f) => f.pageId === `${appId}/${pageId}` && f.following);
  const toggle = async () => {
    const r = await api<Follow>(`/api/apps/${encodeURIComponent(appId)}/follow`, { body: { pageId, following: !following } });
    if (r.ok) setChosen(r.value.following);
    setFailure(r.ok ? undefined : r.error.message);
  };
  return (
    <>
      <button type="button" class="follow" aria-pressed={following} onClick={() => void toggle()}>
        {following ? 'Following' : 'Follow'}
      </button>
      {failure !== undefined ? (
        <span class="error" role="alert">
          {failure}
        </span>
      ) : null}
    </>
  );
}

export function AppPage({ appId, pageId }: { appId: string; pageId: string }) {
  const [filters, setFilters] = useState<Record<string, string>>({});
  const { run, filterIds, failure } = usePageRun(appId, pageId, filters);
  const label = run?.trust.label ?? NOT_CHECKED;
  const scheduler = useScheduler();
  return (
    <section class="app-page">
      {/* Above the header, whose trust lines grow when the page has run: the links never move. */}
      <PageNav appId={appId} pageId={pageId} />
      <header class="page-head">
        <h1>{run?.title ?? pageId}</h1> <Badge label={label} />
        <p class="trust-line" data-trust-line={label}>
          {run !== undefined ? `${label}: ${run.trust.line}` : NOT_CHECKED}
        </p>
        {run?.trust.text !== undefined ? <p class="all-certified">{run.trust.text}</p> : null}
      </header>
      <Filters ids={filterIds} values={filters} onApply={setFilters} />
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
      {run === undefined && failure === undefined ? <p role="status">Running the page…</p> : null}
      <div class="tiles">
        {run?.tiles.map((t) => (
          <TileView tile={t} label={label} at={{ appId, pageId, filters }} />
        ))}
      </div>
      {/* What follows the tiles comes once they are laid out: drawn before, it would jump down as they arrive (layout shift). */}
      {run === undefined && failure === undefined ? null : (
        <>
          <p>
            <FollowButton appId={appId} pageId={pageId} /> <a href="/apps">All Apps</a>
          </p>
          {/* Viewer links are the owner's of a server without a host; a link reader shares nothing. */}
          {!hosted && !viewingByLink ? <ShareButton appId={appId} /> : null}
          {scheduler ? <ScheduleEditor appId={appId} pageId={pageId} /> : null}
        </>
      )}
    </section>
  );
}
