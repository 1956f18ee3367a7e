/**
 * Home (spec 03 "Home"): `My Apps`, the Apps the person may open, followed first, then most
 * recently opened; and `What moved`, the single Certified or Governed figures that changed
 * between the person's own last two complete runs of a followed or opened page under one scope
 * (never another person's, never a needs-review tile, never rows). When a scheduled run of a page
 * is newer than the person's last look, the page says so and shows no figure.
 */
import type { CompiledApp } from '../../compiler/types.js';
import type { HomeState, KeptRun } from './home-state.js';

export const SCHEDULED_NOTICE = 'A scheduled run is newer than your last look at this page: open it to see the figures.';

export interface HomeApp {
  id: string;
  title?: string;
  following: boolean;
  openedAt?: string;
  pages: Array<{ id: string; title?: string; following: boolean }>;
}

export interface MovedFigure {
  tileId: string;
  title?: string;
  value: number;
  previous: number;
  trust: string;
}

export interface MovedPage {
  appId: string;
  pageId: string;
  appTitle?: string;
  pageTitle?: string;
  href: string;
  at: string;
  figures?: MovedFigure[];
  notice?: string;
}

export interface Home {
  myApps: HomeApp[];
  whatMoved: MovedPage[];
}

const hrefOf = (appId: string, pageId: string): string => `/?app=${encodeURIComponent(appId)}&page=${encodeURIComponent(pageId)}`;

/** The person's last two complete runs under the newest one's scope, newest first. */
function lastTwo(runs: readonly KeptRun[]): [KeptRun, KeptRun] | undefined {
  const complete = runs.filter((r) => r.complete);
  const latest = complete.at(-1);
  const previous = complete.slice(0, -1).findLast((r) => r.scope === latest?.scope);
  return latest !== undefined && previous !== undefined ? [latest, previous] : undefined;
}

function moved(latest: KeptRun, previous: KeptRun): MovedFigure[] {
  const before = new Map(previous.figures.map((f) => [f.tileId, f]));
  return latest.figures.flatMap((f) => {
    const was = before.get(f.tileId);
    if (was === undefined || was.value === f.value) return [];
    return [{ tileId: f.tileId, ...(f.title !== undefined ? { title: f.title } : {}), value: f.value, previous: was.value, trust: f.trust }];
  });
}

/** What moved on one page, or undefined when nothing did. */
function pageMoved(app: CompiledApp, pageId: string, state: HomeState): MovedPage | undefined {
  const key = `${app.id}/${pageId}`;
  const runs = state.runs.get(key) ?? [];
  const page = app.pages.find((p) => p.id === pageId);
  const base = {
    appId: app.id,
    pageId,
    ...(app.title !== undefined ? { appTitle: app.title } : {}),
    ...(page?.title !== undefined ? { pageTitle: page.title } : {}),
    href: hrefOf(app.id, pageId),
  };
  const scheduled = runs.findLast((r) => r.scheduled === true);
  if (scheduled !== undefined && scheduled.at > (state.looked.get(key) ?? '')) return { ...base, at: scheduled.at, notice: SCHEDULED_NOTICE };
  const two = lastTwo(runs);
  const figures = two === undefined ? [] : moved(...two);
  return two === undefined || figures.length === 0 ? undefined : { ...base, at: two[0].at, figures };
}

/** Home for a person: `apps` are the Apps they may open, `followed` their followed `<appId>/<pageId>` keys. */
export function buildHome(apps: readonly CompiledApp[], followed: ReadonlySet<string>, state: HomeState): Home {
  const myApps: HomeApp[] = apps.map((app) => {
    const pages = app.pages.map((p) => ({ id: p.id, ...(p.title !== undefined ? { title: p.title } : {}), following: followed.has(`${app.id}/${p.id}`) }));
    const openedAt = state.opened.get(app.id);
    return {
      id: app.id,
      ...(app.title !== undefined ? { title: app.title } : {}),
      following: pages.some((p) => p.following),
      ...(openedAt !== undefined ? { openedAt } : {}),
      pages,
    };
  });
  myApps.sort((a, b) => Number(b.following) - Number(a.following) || (b.openedAt ?? '').localeCompare(a.openedAt ?? '') || a.id.localeCompare(b.id));
  const whatMoved = apps.flatMap((app) =>
    app.pages
      .filter((p) => followed.has(`${app.id}/${p.id}`) || state.runs.has(`${app.id}/${p.id}`))
      .map((p) => pageMoved(app, p.id, state))
      .filter((m): m is MovedPage => m !== undefined),
  );
  whatMoved.sort((a, b) => b.at.localeCompare(a.at));
  return { myApps, whatMoved };
}
