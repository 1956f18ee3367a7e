/**
 * Home (spec 03 "Home"): what moved on the pages the person follows or opened (their own
 * Certified or Governed single figures only, or a notice without a figure when a scheduled run is
 * newer than their last look), their Apps (followed first, then most recently opened), and the
 * host's cards, asked only when Home opens. A followed page links to its schedules.
 */
import type { Home } from '../../server/contract/home.js';
import type { HomeCards } from '../../server/contract/host.js';
import { useResource } from '../client/api.js';
import { schedulesHref, useScheduler } from '../parts/schedule-editor.js';

type Moved = Home['whatMoved'][number];

const number = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

function MovedItem({ moved }: { moved: Moved }) {
  const title = [moved.appTitle ?? moved.appId, moved.pageTitle ?? moved.pageId].join(': ');
  return (
    <li class="card moved">
      <h3>
        <a href={`/apps/${encodeURIComponent(moved.appId)}/${encodeURIComponent(moved.pageId)}`}>{title}</a>
      </h3>
      {moved.notice !== undefined ? <p class="note">{moved.notice}</p> : null}
      {moved.figures !== undefined ? (
        <ul class="figures">
          {moved.figures.map((f) => (
            <li>
              {f.title ?? f.tileId}: <strong>{number(f.value)}</strong> (was {number(f.previous)}) <span class="trust">{f.trust}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function HostCards() {
  const { value } = useResource<HomeCards>('/api/host/home-cards');
  const cards = value?.cards ?? [];
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="home-cards">
      <h2 id="home-cards">From your platform</h2>
      <ul class="cards">
        {cards.map((c) => (
          <li class="card">
            <h3>{c.href !== undefined ? <a href={c.href}>{c.title}</a> : c.title}</h3>
            {c.text !== undefined ? <p class="note">{c.text}</p> : null}
            <ul>
              {c.items.map((i) => (
                <li>
                  {i.href !== undefined ? <a href={i.href}>{i.label}</a> : i.label}
                  {i.status !== undefined ? ` · ${i.status}` : ''}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each followed page of an App, linked to its schedules, for someone who may manage them. */
function FollowedSchedules({ app }: { app: Home['myApps'][number] }) {
  const followed = app.pages.filter((p) => p.following);
  if (!useScheduler() || followed.length === 0) return null;
  return (
    <p class="note">
      {followed.map((p) => (
        <>
          <a href={schedulesHref(app.id, p.id)}>Schedules of {p.title ?? p.id}</a>{' '}
        </>
      ))}
    </p>
  );
}

function MyApps({ apps }: { apps: Home['myApps'] }) {
  return (
    <section aria-labelledby="my-apps">
      <h2 id="my-apps">My Apps</h2>
      {apps.length === 0 ? <p class="note">No App is open to you yet.</p> : null}
      <ul class="cards">
        {apps.map((a) => (
          <li class="card my-app">
            <h3>
              <a href={a.pages[0] !== undefined ? `/apps/${encodeURIComponent(a.id)}/${encodeURIComponent(a.pages[0].id)}` : '/apps'}>{a.title ?? a.id}</a>
            </h3>
            <p class="note">{a.following ? 'Following' : a.openedAt !== undefined ? 'Opened recently' : `${a.pages.length} pages`}</p>
            <FollowedSchedules app={a} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomePage() {
  const { value, failure } = useResource<Home>('/api/home');
  if (failure !== undefined)
    return (
      <p class="error" role="alert">
        {failure}
      </p>
    );
  if (value === undefined) return <p role="status">Reading Home…</p>;
  return (
    <section class="home">
      <h1>Home</h1>
      <section aria-labelledby="what-moved">
        <h2 id="what-moved">What moved</h2>
        {value.whatMoved.length === 0 ? <p class="note">Nothing moved on the pages you follow or opened since your last two runs.</p> : null}
        <ul class="cards">
          {value.whatMoved.map((m) => (
            <MovedItem moved={m} />
          ))}
        </ul>
      </section>
      <MyApps apps={value.myApps} />
      <HostCards />
    </section>
  );
}
