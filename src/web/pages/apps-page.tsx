/** The App library: a card per App showing its lifecycle only (never a figure or a trust claim). */

import { useContext, useState } from 'preact/hooks';
import type { Library } from '../../server/contract/apps.js';
import { useResource } from '../client/api.js';
import { HostContext } from '../client/host-context.js';
import { viewingByLink } from '../client/viewer-link.js';
import { ViewAs } from '../parts/view-as.js';

const LIFECYCLE: Record<string, string> = { draft: 'App draft', in_review: 'App in review', certified: 'App certified' };

/** True for someone who may author Apps (always without a host). */
function useAuthor(): boolean {
  const host = useContext(HostContext);
  return !viewingByLink && host.kind === 'ready' && (host.map.host === false || host.map.capabilities?.['app.author'] === true);
}

/** Build new App, only for someone who may author Apps. */
function BuildLink() {
  return useAuthor() ? (
    <p>
      <a href="/apps/build">Build new App</a>
    </p>
  ) : null;
}

/** The library's cards, or why there are none. */
function Cards({ generation }: { generation: number }) {
  const { value, failure } = useResource<Library>('/api/apps', generation);
  const apps = value?.apps;
  if (failure !== undefined)
    return (
      <p class="error" role="alert">
        {failure}
      </p>
    );
  if (apps === undefined) return <p role="status">Reading Apps…</p>;
  if (apps.length === 0) return <p class="note">No Apps to show here.</p>;
  return (
    <ul class="cards">
      {apps.map((a) => (
        <li class="card">
          <h2>
            <a href={a.pages[0] !== undefined ? `/apps/${encodeURIComponent(a.id)}/${encodeURIComponent(a.pages[0].id)}` : '/apps'}>{a.title ?? a.id}</a>
          </h2>
          <p class="lifecycle">{LIFECYCLE[a.lifecycle ?? 'draft'] ?? 'App draft'}</p>
          <p class="note">
            {a.pages.length} {a.pages.length === 1 ? 'page' : 'pages'}
            {a.owner !== undefined ? ` · ${a.owner}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function AppsPage() {
  // Bumped when the persona changes, so the library is read again; View as keeps its own state.
  const [generation, setGeneration] = useState(0);
  const author = useAuthor();
  return (
    <section class="apps">
      <h1>Apps</h1>
      <BuildLink />
      {author ? <ViewAs onChange={() => setGeneration((g) => g + 1)} /> : null}
      <Cards generation={generation} />
    </section>
  );
}
