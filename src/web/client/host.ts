/**
 * The hosted client (spec 03 "Client behaviour with a host", "Authentication", "States and
 * transitions"). A page carrying `<meta name="svc-hosted">` is in host mode: it never shows the
 * single-user screens; it shows `Connecting...` until the person's capability map
 * (`GET /api/host/ui`) arrives, says the service cannot be reached (with Reload) after 15
 * seconds without one, retries quickly and then every 30 seconds, and keeps a map that loaded
 * once when a later reload fails. The map is read again on `svc-host:changed` from a host page,
 * on focus and once a minute.
 */
import { useEffect, useState } from 'preact/hooks';
import type { HostMap } from '../../server/contract/host.js';

export const hosted = typeof document !== 'undefined' && document.querySelector('meta[name="svc-hosted"]') !== null;

export type HostState = { kind: 'connecting' } | { kind: 'unreachable' } | { kind: 'ready'; map: HostMap };

/** After this long without a map the person is told the service cannot be reached. */
export const UNREACHABLE_MS = 15_000;
const QUICK_RETRIES = [1_000, 2_000, 4_000];
const SLOW_RETRY_MS = 30_000;
const RELOAD_MS = 60_000;
/** A request made this long after the person last touched the page is background work. */
export const BACKGROUND_MS = 30_000;

let lastTouch = Date.now();
if (typeof window !== 'undefined')
  for (const kind of ['pointerdown', 'keydown', 'wheel', 'touchstart'])
    window.addEventListener(kind, () => (lastTouch = Date.now()), { passive: true, capture: true });

/** Headers every request of a hosted page carries: `x-svc-background: 1` when nobody touched the page for 30 s. */
export function backgroundHeader(): Record<string, string> {
  return hosted && Date.now() - lastTouch > BACKGROUND_MS ? { 'x-svc-background': '1' } : {};
}

/** A 401 naming where to sign in sends the person there once, with where to come back to. */
export function signInOn(response: Response): boolean {
  const to = response.headers.get('x-svc-sign-in');
  if (!hosted || response.status !== 401 || to === null || !/^\/(?![/\\])/.test(to) || /[\\\u0000-\u001f\u007f]/.test(to)) return false;
  if (sessionStorage.getItem('svc-sign-in') === to) return false;
  sessionStorage.setItem('svc-sign-in', to);
  const url = new URL(to, location.origin);
  url.searchParams.set('returnTo', `${location.pathname}${location.search}`);
  location.assign(`${url.pathname}${url.search}`);
  return true;
}

async function readMap(): Promise<HostMap | undefined> {
  try {
    const response = await fetch('/api/host/ui', { headers: { accept: 'application/json', ...backgroundHeader() }, credentials: 'same-origin' });
    if (signInOn(response) || !response.ok) return undefined;
    sessionStorage.removeItem('svc-sign-in');
    return (await response.json()) as HostMap;
  } catch {
    return undefined;
  }
}

/** The capability map as the screens read it. */
export function useHostMap(): HostState {
  const [state, setState] = useState<HostState>({ kind: 'connecting' });
  useEffect(() => {
    if (!hosted) return;
    let loaded = false;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const map = await readMap();
      if (stopped) return;
      if (map !== undefined) {
        loaded = true;
        attempt = 0;
        setState({ kind: 'ready', map });
      } else if (!loaded) {
        retry = setTimeout(load, QUICK_RETRIES[attempt++] ?? SLOW_RETRY_MS);
      }
    };
    void load();
    const unreachable = setTimeout(() => !loaded && !stopped && setState({ kind: 'unreachable' }), UNREACHABLE_MS);
    const again = () => void (loaded && load());
    const changed = (event: MessageEvent) => void (event.origin === location.origin && event.data === 'svc-host:changed' && load());
    const minute = setInterval(again, RELOAD_MS);
    addEventListener('focus', again);
    addEventListener('message', changed);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(unreachable);
      clearInterval(minute);
      removeEventListener('focus', again);
      removeEventListener('message', changed);
    };
  }, []);
  return state;
}

/** Whether the map lets the person take `action` (single-user: always). */
export function can(state: HostState, action: string): boolean {
  if (!hosted) return true;
  return state.kind === 'ready' && state.map.capabilities?.[action] === true;
}
