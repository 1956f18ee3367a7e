/**
 * The app shell: a skip link, the navigation, and the screen the path names. On a hosted page
 * (`<meta name="svc-hosted">`) nothing is shown until the person's capability map arrives; a
 * screen the map does not allow reads as the host's refusal, and the host's banner, links,
 * environment and sign-out are added.
 */
import { useEffect } from 'preact/hooks';
import type { HostMap } from '../server/contract/host.js';
import { type HostState, hosted, useHostMap } from './client/host.js';
import { HostContext } from './client/host-context.js';
import { lazyScreen } from './client/lazy-screen.js';
import { onLink, takeParam, useLocation } from './client/router.js';
import { viewingByLink } from './client/viewer-link.js';
import { Banner, HostNav, HostPage, Refused } from './parts/host-chrome.js';
import { OwnerSignIn, useNeedsOwnerSignIn } from './parts/owner-sign-in.js';

// Each screen is a chunk of its own, fetched with its first visit (client/lazy-screen.tsx).
const AppPage = lazyScreen(() => import('./pages/app-page.js').then((m) => m.AppPage));
const AppsPage = lazyScreen(() => import('./pages/apps-page.js').then((m) => m.AppsPage));
const AskPage = lazyScreen(() => import('./pages/ask-page.js').then((m) => m.AskPage));
const BlockPage = lazyScreen(() => import('./pages/block-page.js').then((m) => m.BlockPage));
const BlocksPage = lazyScreen(() => import('./pages/blocks-page.js').then((m) => m.BlocksPage));
const BuildPage = lazyScreen(() => import('./pages/build-page.js').then((m) => m.BuildPage));
const HomePage = lazyScreen(() => import('./pages/home-page.js').then((m) => m.HomePage));
const TracePage = lazyScreen(() => import('./pages/trace-page.js').then((m) => m.TracePage));

/** The action a screen needs, by path. */
function actionOf(path: string): string | undefined {
  if (path === '/' || path.startsWith('/ask')) return 'ask';
  if (path.startsWith('/blocks')) return 'project.read';
  if (path === '/apps/build') return 'app.author';
  if (path === '/home') return 'app.view';
  if (path.startsWith('/apps')) return 'app.view';
  return undefined;
}

function Screen({ url, map }: { url: URL; map?: HostMap }) {
  const path = url.pathname;
  const action = actionOf(path);
  if (map !== undefined && action !== undefined && map.capabilities?.[action] !== true) return <Refused map={map} action={action} />;
  // A link reader sees only its App's reader: every other screen is the library of that one App.
  if (viewingByLink && (path === '/apps/build' || !path.startsWith('/apps'))) return <AppsPage />;
  if (path === '/host') return <HostPage to={url.searchParams.get('to') ?? ''} label={url.searchParams.get('label') ?? 'Host page'} />;
  const trace = /^\/ask\/traces\/([^/]+)$/.exec(path);
  if (trace?.[1] !== undefined) return <TracePage runId={decodeURIComponent(trace[1])} />;
  const block = /^\/blocks\/([^/]+)$/.exec(path);
  if (block?.[1] !== undefined) return <BlockPage id={decodeURIComponent(block[1])} />;
  if (path === '/blocks') return <BlocksPage />;
  if (path === '/apps') return <AppsPage />;
  if (path === '/home') return <HomePage />;
  if (path === '/apps/build') return <BuildPage />;
  const page = /^\/apps\/([^/]+)\/([^/]+)$/.exec(path);
  if (page?.[1] !== undefined && page[2] !== undefined) return <AppPage appId={decodeURIComponent(page[1])} pageId={decodeURIComponent(page[2])} />;
  if (path === '/' || path === '/ask') return <AskPage />;
  return (
    <p role="alert">
      There is no page at {path}. <a href="/ask">Go to Ask</a>
    </p>
  );
}

/** `/?app=<id>&page=<id>` (a link from outside, a delivery) opens that page; the parameters are read once and removed. */
function openedPage(): void {
  const app = takeParam('app');
  const page = takeParam('page');
  if (app !== undefined && page !== undefined) history.replaceState(null, '', `/apps/${encodeURIComponent(app)}/${encodeURIComponent(page)}`);
}

function Waiting({ state }: { state: HostState }) {
  if (state.kind === 'unreachable') {
    return (
      <section role="alert">
        <h1>The service cannot be reached</h1>
        <p>svc could not load what you may do here. It keeps trying; you can also reload.</p>
        <button type="button" onClick={() => location.reload()}>
          Reload
        </button>
      </section>
    );
  }
  return (
    <p role="status" class="connecting">
      Connecting...
    </p>
  );
}

/** In-app links move without a reload: one listener on the document, for every link of every screen. */
function useLinks(): void {
  useEffect(() => {
    document.addEventListener('click', onLink);
    return () => document.removeEventListener('click', onLink);
  }, []);
}

/** The main navigation: each screen this person may open, the current one marked, then the host's links. */
function MainNav({ url, map }: { url: URL; map: HostMap | undefined }) {
  const current = (prefix: string) => (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) ? 'page' : undefined);
  // A link reader reads its one App: only the Apps screen is offered (no Home: it has no follows or runs of its own).
  const shows = (action: string) => (viewingByLink ? action === 'app.view' : !hosted || map?.capabilities?.[action] === true);
  return (
    <nav aria-label="Main">
      {shows('app.view') && !viewingByLink ? (
        <a href="/home" aria-current={current('/home')}>
          Home
        </a>
      ) : null}
      {shows('ask') ? (
        <a href="/ask" aria-current={current('/ask') ?? (url.pathname === '/' ? 'page' : undefined)}>
          Ask
        </a>
      ) : null}
      {shows('project.read') ? (
        <a href="/blocks" aria-current={current('/blocks')}>
          Blocks
        </a>
      ) : null}
      {shows('app.view') ? (
        <a href="/apps" aria-current={current('/apps')}>
          Apps
        </a>
      ) : null}
      {map !== undefined ? <HostNav map={map} /> : null}
    </nav>
  );
}

export function App() {
  if (location.pathname === '/') openedPage();
  useLinks();
  const url = useLocation();
  const state = useHostMap();
  const map = hosted && state.kind === 'ready' ? state.map : undefined;
  // A token-guarded server answers the app's calls only for its owner's signed-in browser.
  const signIn = useNeedsOwnerSignIn();
  return (
    <HostContext.Provider value={hosted ? state : { kind: 'ready', map: { host: false } }}>
      <div>
        <a class="skip" href="#main">
          Skip to content
        </a>
        {map !== undefined ? <Banner map={map} /> : null}
        <header class="top">
          <span class="brand">svc</span>
          <MainNav url={url} map={map} />
        </header>
        <main id="main" tabIndex={-1}>
          {signIn ? <OwnerSignIn /> : hosted && map === undefined ? <Waiting state={state} /> : <Screen url={url} {...(map !== undefined ? { map } : {})} />}
        </main>
      </div>
    </HostContext.Provider>
  );
}
