/** The app's routes: same-origin paths, moved between with the History API. */
import { useEffect, useState } from 'preact/hooks';

/** Goes to `href` (a same-origin path) without reloading. */
export function navigate(href: string): void {
  history.pushState(null, '', href);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** The current location, re-read on every move. */
export function useLocation(): URL {
  const [url, setUrl] = useState(() => new URL(location.href));
  useEffect(() => {
    const moved = () => setUrl(new URL(location.href));
    addEventListener('popstate', moved);
    return () => removeEventListener('popstate', moved);
  }, []);
  return url;
}

/** Reads a query parameter once and removes it from the address bar (spec: parameters removed once read). */
export function takeParam(name: string): string | undefined {
  const url = new URL(location.href);
  const value = url.searchParams.get(name);
  if (value === null) return undefined;
  url.searchParams.delete(name);
  history.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`);
  return value;
}

/** Click handler for in-app links: plain clicks move in the app, others behave as links. */
export function onLink(event: MouseEvent): void {
  const a = (event.target as Element | null)?.closest('a');
  if (
    a === null ||
    a === undefined ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    a.target !== '' ||
    a.hasAttribute('download')
  )
    return;
  const href = a.getAttribute('href');
  if (href === null || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
  event.preventDefault();
  navigate(href);
}
