/**
 * The owner's sign-in on a server guarded by the shared token without a host (spec 02
 * Authentication 1-2): the app's page is served to anyone, but every call needs the token, which
 * a browser cannot add to the app's own requests. When the server says so (401 UNAUTHORIZED on
 * who-am-I), the owner types the token once; the server keeps a signed session cookie instead
 * (POST /api/owner-session) and the app reloads as the owner. Hosted pages and link readers never
 * ask: a host signs people in itself, and a link is its own admission.
 */
import { useEffect, useState } from 'preact/hooks';
import type { OwnerSession } from '../../server/contract/owner-session.js';
import { api } from '../client/api.js';
import { hosted } from '../client/host.js';
import { viewingByLink } from '../client/viewer-link.js';

/** True once the server said this browser needs the server token. */
export function useNeedsOwnerSignIn(): boolean {
  const [needs, setNeeds] = useState(false);
  useEffect(() => {
    if (hosted || viewingByLink) return;
    void api('/api/identity').then((r) => setNeeds(!r.ok && r.error.status === 401 && r.error.code === 'UNAUTHORIZED'));
  }, []);
  return needs;
}

export function OwnerSignIn() {
  const [token, setToken] = useState('');
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const submit = async (e: Event) => {
    e.preventDefault();
    const r = await api<OwnerSession>('/api/owner-session', { body: { token } });
    if (!r.ok) return setFailure(r.error.message);
    location.reload();
  };
  return (
    <section class="owner-sign-in" aria-labelledby="owner-sign-in-h">
      <h1 id="owner-sign-in-h">Sign in to this svc server</h1>
      <p>This server is shared on the network and guarded by its server token (SVC_SERVER_TOKEN). Enter it once to use the app as its owner.</p>
      <form onSubmit={(e) => void submit(e)}>
        <label for="owner-token">Server token</label>{' '}
        <input id="owner-token" type="password" autocomplete="current-password" value={token} onInput={(e) => setToken((e.target as HTMLInputElement).value)} />{' '}
        <button type="submit">Sign in</button>
      </form>
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
