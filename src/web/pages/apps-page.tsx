/** The App library: a card per App showing its lifecycle only (never a figure or a trust claim). */

import { useContext } from 'preact/hooks';
import type { Library } from '../../server/contract/apps.js';
import { useResource } from '../client/api.js';
import { HostContext } from '../client/host-context.js';

const LIFECYCLE: Record<string, string> = { draft: 'App draft', in_review: 'App in review', certified: 'App certified' };

/** Build new App, only for someone who may author Apps (always without a host). */
function BuildLink() {
  const host = useContext(HostContext);
  const allowed = host.kind === 'ready' && (host.map.host === false || host.map.capabilities?.['app.author'] === true);
  return allowed ? (
    <p>
      <a href="/apps/build">Build new App</a>
    </p>
  ) : null;
}

export function AppsPage() {
  const { value, failure } = useResource<Library>('/api/apps');
  const apps = value?.apps;
  if (failure !== undefined)
    return (
      <p class="error" role="alert">
        {failure}
      </p>
    );
  if (apps === undefined) return <p role="status">Reading Apps…</p>;
  return (
    <section class="apps">
      <h1>Apps</h1>
      <BuildLink />
      {apps.length === 0 ? <p class="note">This project has no Apps yet.</p> : null}
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
    </section>
  );
}
