/** The app shell: a skip link, the navigation, and the screen the path names. */
import { AppPage } from './pages/app-page.js';
import { AppsPage } from './pages/apps-page.js';
import { AskPage } from './pages/ask-page.js';
import { BlockPage } from './pages/block-page.js';
import { BlocksPage } from './pages/blocks-page.js';
import { TracePage } from './pages/trace-page.js';
import { onLink, takeParam, useLocation } from './router.js';

function Screen({ url }: { url: URL }) {
  const path = url.pathname;
  const trace = /^\/ask\/traces\/([^/]+)$/.exec(path);
  if (trace?.[1] !== undefined) return <TracePage runId={decodeURIComponent(trace[1])} />;
  const block = /^\/blocks\/([^/]+)$/.exec(path);
  if (block?.[1] !== undefined) return <BlockPage id={decodeURIComponent(block[1])} />;
  if (path === '/blocks') return <BlocksPage />;
  if (path === '/apps') return <AppsPage />;
  const page = /^\/apps\/([^/]+)\/([^/]+)$/.exec(path);
  if (page?.[1] !== undefined && page[2] !== undefined) return <AppPage appId={decodeURIComponent(page[1])} pageId={decodeURIComponent(page[2])} />;
  if (path === '/' || path === '/ask') return <AskPage />;
  return <p role="alert">There is no page at {path}. <a href="/ask">Go to Ask</a></p>;
}

/** `/?app=<id>&page=<id>` (a link from outside, a delivery) opens that page; the parameters are read once and removed. */
function openedPage(): void {
  const app = takeParam('app');
  const page = takeParam('page');
  if (app !== undefined && page !== undefined) history.replaceState(null, '', `/apps/${encodeURIComponent(app)}/${encodeURIComponent(page)}`);
}

export function App() {
  if (location.pathname === '/') openedPage();
  const url = useLocation();
  const current = (prefix: string) => (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`) ? 'page' : undefined);
  return (
    <div onClick={onLink}>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <span class="brand">svc</span>
        <nav aria-label="Main">
          <a href="/ask" aria-current={current('/ask') ?? (url.pathname === '/' ? 'page' : undefined)}>Ask</a>
          <a href="/blocks" aria-current={current('/blocks')}>Blocks</a>
          <a href="/apps" aria-current={current('/apps')}>Apps</a>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <Screen url={url} />
      </main>
    </div>
  );
}
