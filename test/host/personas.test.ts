/**
 * Personas, View as (spec 02 rules 7-8, spec 03 `POST /api/persona`, Limits): a persona changes
 * what an App's policy allows (its audience groups checked against the persona's groups, never
 * more than the person may open), people without one are judged by their own groups, personas
 * are kept per person and per server, only authors may set one, the 5,001st person drops the
 * least recently used one, and a persona is part of every cached result's key.
 */
import { describe, expect, it } from 'vitest';
import { type Principal, personaKey } from '../../src/hooks/context/request-context.js';
import type { HostHooks } from '../../src/hooks/hooks.js';
import { buildServer } from '../../src/index.js';
import { PERSONA_SLOTS, PersonaSlots } from '../../src/server/persona-slots.js';
import { accessKey } from '../../src/warehouse/access-key.js';
import { hookHarness } from '../helpers/hook-harness.js';

const harness = hookHarness();

const PEOPLE: Record<string, Omit<Principal, 'source'>> = {
  ada: { id: 'ada', kind: 'person' },
  bob: { id: 'bob', kind: 'person', groups: ['finance'] },
  carol: { id: 'carol', kind: 'person', groups: ['sales'] },
};

const hooks: HostHooks = {
  resolvePrincipal: (req) => {
    const user = String(req.headers['x-user'] ?? 'ada');
    return { ...(PEOPLE[user] ?? { id: user, kind: 'person' }) };
  },
  // ada authors; everyone may view Apps; only authors may View as.
  authorize: (person, action) => ({ allow: person.id === 'ada' || person.id.startsWith('p') || (action !== 'app.author' && action !== 'query.run') }),
};

function server(withHooks: HostHooks | undefined = hooks) {
  return harness.server(withHooks);
}

type App = ReturnType<typeof server>;

const as = (app: App, user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { 'x-user': user }, ...(payload !== undefined ? { payload: payload as object } : {}) });

const listed = async (app: App, user: string) => ((await as(app, user, 'GET', '/api/apps')).json().apps as Array<{ id: string }>).map((a) => a.id);

const viewAs = (app: App, user: string, groups: string[] | null) =>
  as(app, user, 'POST', '/api/persona', { persona: groups === null ? null : { id: groups.join('+') || 'nobody', label: 'Preview', groups } });

describe('a persona changes what an App policy allows', () => {
  it('checks the persona groups, and people without one by their own groups', async () => {
    const app = server();
    expect((await as(app, 'ada', 'PUT', '/api/apps/growth/audience', { groups: ['finance'] })).statusCode).toBe(200);
    // Without a persona: ada authors (opens it), bob is in finance, carol is not.
    expect(await listed(app, 'ada')).toEqual(['growth']);
    expect(await listed(app, 'bob')).toEqual(['growth']);
    expect(await listed(app, 'carol')).toEqual([]);
    // ada views as sales: closed to her like to carol, page and run alike; as finance: open again.
    expect((await viewAs(app, 'ada', ['sales'])).json()).toEqual({ persona: { id: 'sales', label: 'Preview', groups: ['sales'] } });
    expect(await listed(app, 'ada')).toEqual([]);
    expect((await as(app, 'ada', 'GET', '/api/apps/growth/pages/overview')).statusCode).toBe(403);
    await viewAs(app, 'ada', ['finance']);
    expect(await listed(app, 'ada')).toEqual(['growth']);
    // Kept per person: bob and carol are unchanged by ada's persona.
    expect(await listed(app, 'bob')).toEqual(['growth']);
    expect(await listed(app, 'carol')).toEqual([]);
    // Cleared: ada sees Apps as herself.
    await viewAs(app, 'ada', ['sales']);
    expect((await viewAs(app, 'ada', null)).json()).toEqual({ persona: null });
    expect(await listed(app, 'ada')).toEqual(['growth']);
    await as(app, 'ada', 'PUT', '/api/apps/growth/audience', { groups: [] });
  });

  it('never opens more than the person may, and is for authors only', async () => {
    const app = server();
    await as(app, 'ada', 'PUT', '/api/apps/growth/audience', { groups: ['finance'] });
    const refused = await viewAs(app, 'carol', ['finance']);
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'PERMISSION_DENIED']);
    expect(await listed(app, 'carol')).toEqual([]);
    await as(app, 'ada', 'PUT', '/api/apps/growth/audience', { groups: [] });
  });

  it('is kept per server', async () => {
    const first = server();
    const second = server();
    await as(first, 'ada', 'PUT', '/api/apps/growth/audience', { groups: ['finance'] });
    await viewAs(first, 'ada', ['sales']);
    expect(await listed(first, 'ada')).toEqual([]);
    expect(await listed(second, 'ada')).toEqual(['growth']);
    await as(first, 'ada', 'PUT', '/api/apps/growth/audience', { groups: [] });
  });

  it('lets the single user preview an App as its audience would see it', async () => {
    const app = server(undefined);
    await as(app, 'ada', 'PUT', '/api/apps/growth/audience', { groups: ['finance'] });
    expect(await listed(app, 'ada')).toEqual(['growth']);
    await viewAs(app, 'ada', ['sales']);
    expect(await listed(app, 'ada')).toEqual([]);
    await viewAs(app, 'ada', ['finance']);
    expect(await listed(app, 'ada')).toEqual(['growth']);
    await as(app, 'ada', 'PUT', '/api/apps/growth/audience', { groups: [] });
  });
});

describe('at most 5,000 people keep a persona', () => {
  it('drops the least recently used person when the 5,001st sets one', () => {
    const slots = new PersonaSlots();
    for (let i = 0; i < PERSONA_SLOTS; i++) slots.set(`p${i}`, { id: 'x', groups: [`g${i}`] });
    expect(slots.size).toBe(5000);
    // p0 is read (used), so p1 is now the least recently used.
    expect(slots.get('p0')?.groups).toEqual(['g0']);
    slots.set('p5000', { id: 'x', groups: ['last'] });
    expect(slots.size).toBe(5000);
    expect(slots.get('p1')).toBeUndefined();
    expect(slots.get('p0')?.groups).toEqual(['g0']);
    expect(slots.get('p5000')?.groups).toEqual(['last']);
  });

  it('over HTTP: the first person to set one sees Apps as themselves again after 5,000 others', async () => {
    const app = server();
    await as(app, 'ada', 'PUT', '/api/apps/growth/audience', { groups: ['finance'] });
    await viewAs(app, 'ada', ['sales']);
    expect(await listed(app, 'ada')).toEqual([]);
    for (let i = 0; i < PERSONA_SLOTS; i++) expect((await viewAs(app, `p${i}`, ['sales'])).statusCode).toBe(200);
    expect(await listed(app, 'ada')).toEqual(['growth']);
    // The most recent ones still keep theirs.
    expect(await listed(app, 'p4999')).toEqual([]);
    await as(app, 'ada', 'PUT', '/api/apps/growth/audience', { groups: [] });
  }, 120_000);
});

describe('a persona is part of every cache key', () => {
  it('keys the result cache apart per persona', () => {
    const base = { requestId: 'r', action: 'app.view' };
    const none = accessKey(base);
    const sales = accessKey({ ...base, persona: { id: 's', groups: ['sales'] } });
    const finance = accessKey({ ...base, persona: { id: 'f', groups: ['finance'] } });
    expect(new Set([none, sales, finance]).size).toBe(3);
    expect(personaKey(undefined)).toBe('');
    expect(personaKey({ id: 's', groups: ['b', 'a', 'a'] })).toBe(personaKey({ id: 's', groups: ['a', 'b'] }));
  });

  it('never serves a result cached without a persona to the same person with one', async () => {
    // Block statements run fresh (a cache hit is reported as `cached`).
    const events: unknown[] = [];
    const app = buildServer({
      root: harness.root,
      manifest: harness.manifest,
      config: harness.config,
      executor: harness.executor({ resultCache: true, onStatement: (e) => e.origin === 'block' && e.cached !== true && events.push(e) }),
      log: () => {},
    });
    const run = () => app.inject({ method: 'POST', url: '/api/apps/growth/pages/overview/run', payload: {} });
    expect((await run()).statusCode).toBe(200);
    const once = events.length;
    expect(once).toBeGreaterThan(0);
    expect((await run()).statusCode).toBe(200);
    expect(events.length).toBe(once);
    await app.inject({ method: 'POST', url: '/api/persona', payload: { persona: { id: 'any', groups: [] } } });
    expect((await run()).statusCode).toBe(200);
    expect(events.length).toBe(2 * once);
  });
});
