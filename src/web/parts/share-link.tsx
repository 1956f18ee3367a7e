/**
 * Share on an App page (spec 02 Authentication 4): the owner of a network-shared server without a
 * host makes a viewer link for this App (`POST /api/apps/:app/share-link`); it is shown whole, to
 * copy, with when it ends. A server that cannot share by link (loopback without a token, an App
 * with per-member rows) says why in the server's words.
 */
import { useState } from 'preact/hooks';
import type { ShareLink } from '../../server/contract/share-links.js';
import { api } from '../client/api.js';

export function ShareButton({ appId }: { appId: string }) {
  const [link, setLink] = useState<ShareLink | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const share = async () => {
    const r = await api<ShareLink>(`/api/apps/${encodeURIComponent(appId)}/share-link`, { body: {} });
    setLink(r.ok ? r.value : undefined);
    setFailure(r.ok ? undefined : r.error.message);
  };
  return (
    <div class="share">
      <button type="button" onClick={() => void share()}>
        Share
      </button>
      {link !== undefined ? (
        <p role="status">
          <label for="share-link">Viewer link</label> <input id="share-link" readOnly value={`${location.origin}${link.href}`} size={60} />{' '}
          <span class="note">
            Anyone with it can view, run and export this App's pages until {link.expiresAt.slice(0, 10)}; changing the server token ends it.
          </span>
        </p>
      ) : null}
      {failure !== undefined ? (
        <p class="error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
