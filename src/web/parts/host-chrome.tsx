/**
 * What a host adds around the screens: its banner (plain text, its links opened at top level),
 * the environment label, the person, its nav and menu links (opened inside the app's main area
 * with `embed=1`) and sign-out. Links are same-origin paths; the server kept only those.
 */
import type { HostLink, HostMap } from '../../server/contract/host.js';

export const hostPageHref = (link: HostLink) => `/host?to=${encodeURIComponent(link.href)}&label=${encodeURIComponent(link.label)}`;

export function Banner({ map }: { map: HostMap }) {
  const banner = map.ui?.banner;
  if (banner === undefined) return null;
  return (
    <div class={`banner banner-${banner.tone}`} role={banner.tone === 'caution' ? 'alert' : 'status'}>
      {banner.text}{' '}
      {banner.links.map((l) => (
        <a href={l.href} target="_top">
          {l.label}
        </a>
      ))}
    </div>
  );
}

export function HostNav({ map }: { map: HostMap }) {
  const nav = map.ui?.links?.nav ?? [];
  const menu = map.ui?.links?.menu ?? [];
  return (
    <>
      {nav.map((l) => (
        <a href={hostPageHref(l)} class="host-link">
          {l.label}
          {l.badge !== undefined ? <span class="count"> ({l.badge} new)</span> : null}
        </a>
      ))}
      {menu.length > 0 || map.ui?.signOutUrl !== undefined ? (
        <details class="menu">
          <summary>Menu</summary>
          <ul>
            {menu.map((l) => (
              <li>
                <a href={hostPageHref(l)}>{l.label}</a>
              </li>
            ))}
            {map.ui?.signOutUrl !== undefined ? (
              <li>
                <a href={map.ui.signOutUrl} target="_top">
                  Sign out
                </a>
              </li>
            ) : null}
          </ul>
        </details>
      ) : null}
      {map.ui?.environment !== undefined ? <span class="environment">{map.ui.environment}</span> : null}
      {map.person !== undefined ? <span class="person">{map.person.name ?? map.person.id}</span> : null}
    </>
  );
}

/** A host page in the main area. */
export function HostPage({ to, label }: { to: string; label: string }) {
  const url = samePath(to);
  if (url === undefined) return <p role="alert">This link does not lead to a page of this site.</p>;
  url.searchParams.set('embed', '1');
  return <iframe class="host-frame" title={label} src={`${url.pathname}${url.search}`} />;
}

/**
 * `to` read as the browser would, kept only when it stays on this site: a path with one leading
 * slash, no backslash (browsers read `/\x` as `//x`, another site) and no control character.
 */
export function samePath(to: string): URL | undefined {
  if (!/^\/(?![/\\])/.test(to) || /[\\\u0000-\u001f\u007f]/.test(to)) return undefined;
  try {
    const url = new URL(to, location.origin);
    return url.origin === location.origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A screen the person may not use: the host's reason and its next step. */
export function Refused({ map, action }: { map: HostMap; action: string }) {
  const refusal = map.refusals?.[action];
  return (
    <section class="refused" role="alert">
      <h1>Not available to you</h1>
      <p>{refusal?.reason ?? 'You may not use this here.'}</p>
      {refusal?.next !== undefined ? (
        <p>
          <a href={refusal.next.href} target="_top">
            {refusal.next.label}
          </a>
        </p>
      ) : null}
    </section>
  );
}
