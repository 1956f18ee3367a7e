/**
 * GET /api/host/ui, /api/host/home-cards and /api/host/groups (spec 03 "Host routes", "GET
 * /api/host/ui capability rules"; spec 02 `ui`, `homeCards`, `directoryGroups`): conformance
 * rows for each hook (no hook, valid, wrong shape, throw, time-out), the shapes and limits the
 * additions are kept to (an adversarial table of links and lengths), and capabilities asked
 * per action with `export` only beside `query.run`.
 */
import { describe, expect, it } from 'vitest';
import type { HostHooks } from '../../src/host.js';
import { buildServer } from '../../src/index.js';
import type { Executor } from '../../src/warehouse/types.js';
import { emptyManifest, unusedExecutor } from '../helpers/stub-server.js';

const manifest = emptyManifest();
const executor: Executor = unusedExecutor;
const person: HostHooks['resolvePrincipal'] = () => ({ id: 'ada', kind: 'person', displayName: 'Ada', email: 'ada@example.test' });

function get(hooks: HostHooks | undefined, url: string) {
  const app = buildServer({
    root: '/nonexistent',
    manifest,
    executor,
    config: { project: 'p' },
    log: () => undefined,
    ...(hooks !== undefined ? { hooks, hookTimeoutMs: 100 } : {}),
  });
  return app.inject({ method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.json() as Record<string, any> }));
}

const never = () => new Promise<never>(() => undefined);

describe('without a host', () => {
  it.each([
    ['/api/host/ui', { host: false }],
    ['/api/host/home-cards', { cards: [] }],
    ['/api/host/groups', { available: false, groups: [] }],
  ])('%s', async (url, body) => {
    expect(await get(undefined, url)).toEqual({ status: 200, body });
  });
});

describe('ui: conformance', () => {
  it.each([
    ['no hook', undefined, {}],
    ['valid', () => ({ environment: 'Production', audience: 'reader' }), { environment: 'Production', audience: 'reader' }],
    ['wrong shape', () => 'a banner', {}],
    [
      'throw',
      () => {
        throw new Error('ui down');
      },
      {},
    ],
    ['time-out', never, {}],
  ])('%s', async (_name, ui, expected) => {
    const r = await get({ resolvePrincipal: person, ...(ui !== undefined ? { ui: ui as HostHooks['ui'] } : {}) }, '/api/host/ui');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ host: true, person: { id: 'ada', name: 'Ada', email: 'ada@example.test' }, ui: expected });
    expect(r.body['ui']).toEqual(expected);
  });
});

describe('ui: shapes and limits', () => {
  const nav = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `Nav ${i}`, href: `/nav/${i}`, where: 'nav' }));
  it.each([
    [
      '13 nav links keep 12, in order',
      { links: nav(13) },
      (ui: any) => expect(ui.links.nav.map((l: { href: string }) => l.href)).toEqual(nav(12).map((l) => l.href)),
    ],
    [
      'menu and nav are counted apart',
      { links: [...nav(2), { label: 'M', href: '/m', where: 'menu', badge: 3, icon: 'inbox' }] },
      (ui: any) =>
        expect(ui.links).toEqual({ nav: nav(2).map(({ label, href }) => ({ label, href })), menu: [{ label: 'M', href: '/m', badge: 3, icon: 'inbox' }] }),
    ],
    [
      'foreign and odd links are left out',
      {
        links: [
          { label: 'a', href: 'https://evil.example/', where: 'nav' },
          { label: 'b', href: '//evil.example/', where: 'nav' },
          { label: 'c', href: '/\\evil', where: 'nav' },
          { label: 'd', href: 'javascript:alert(1)', where: 'nav' },
          { label: '', href: '/empty-label', where: 'nav' },
          { label: 'e', href: '/ok', where: 'footer' },
          'text',
          { label: 'f', href: '/fine', where: 'nav' },
        ],
      },
      (ui: any) => expect(ui.links).toEqual({ nav: [{ label: 'f', href: '/fine' }], menu: [] }),
    ],
    [
      'answer actions keep 4, default on review',
      { answerActions: Array.from({ length: 5 }, (_, i) => ({ label: `A${i}`, href: `/act/${i}` })) },
      (ui: any) => expect(ui.answerActions).toEqual(Array.from({ length: 4 }, (_, i) => ({ label: `A${i}`, url: `/act/${i}`, on: ['review'] }))),
    ],
    [
      'an answer action with an unknown place is left out',
      { answerActions: [{ label: 'x', href: '/x', on: 'everywhere' }] },
      (ui: any) => expect(ui.answerActions).toEqual([]),
    ],
    [
      'a banner keeps 200 characters and 3 same-origin links',
      {
        banner: {
          text: 'x'.repeat(300),
          tone: 'caution',
          links: [
            { label: '1', href: '/1' },
            { label: 'evil', href: 'https://e/' },
            { label: '2', href: '/2' },
            { label: '3', href: '/3' },
            { label: '4', href: '/4' },
          ],
        },
      },
      (ui: any) =>
        expect(ui.banner).toEqual({
          text: 'x'.repeat(200),
          tone: 'caution',
          links: [
            { label: '1', href: '/1' },
            { label: '2', href: '/2' },
            { label: '3', href: '/3' },
          ],
        }),
    ],
    ['a banner of another tone is left out', { banner: { text: 'hi', tone: 'alarm' } }, (ui: any) => expect(ui.banner).toBeUndefined()],
    ['wrong-shaped scalars are left out', { environment: 7, audience: 'admin', signOutUrl: 'https://idp.example/logout' }, (ui: any) => expect(ui).toEqual({})],
    [
      'appNotFound keeps its message and drops a foreign next',
      { appNotFound: { message: 'Ask your team lead.', next: { label: 'x', href: 'https://e/' } } },
      (ui: any) => expect(ui.appNotFound).toEqual({ message: 'Ask your team lead.' }),
    ],
    ['a same-origin sign-out path is kept', { signOutUrl: '/logout' }, (ui: any) => expect(ui.signOutUrl).toBe('/logout')],
  ])('%s', async (_name, additions, check) => {
    const r = await get({ resolvePrincipal: person, ui: () => additions }, '/api/host/ui');
    expect(r.status).toBe(200);
    check(r.body['ui']);
  });
});

describe('ui: spec-shaped input (spec 02 "ui")', () => {
  it.each([
    [
      'links with id, placement, badge and an icon of the fixed set',
      {
        links: [
          { id: 'inbox', label: 'Inbox', href: '/inbox', placement: 'nav', badge: 4, icon: 'inbox' },
          { id: 'admin', label: 'Admin', href: '/admin', placement: 'menu', icon: 'admin' },
        ],
      },
      {
        links: {
          nav: [{ id: 'inbox', label: 'Inbox', href: '/inbox', badge: 4, icon: 'inbox' }],
          menu: [{ id: 'admin', label: 'Admin', href: '/admin', icon: 'admin' }],
        },
      },
    ],
    [
      'an icon outside the set, a negative badge and an unknown placement are left out',
      {
        links: [
          { id: 'x', label: 'X', href: '/x', placement: 'nav', icon: 'bell', badge: -1 },
          { id: 'y', label: 'Y', href: '/y', placement: 'footer' },
        ],
      },
      { links: { nav: [{ id: 'x', label: 'X', href: '/x' }], menu: [] } },
    ],
    [
      'answer actions with url, description and a list of places',
      {
        answerActions: [
          { id: 'review', label: 'Ask an analyst', url: '/host/review', description: 'Sends the answer for review', on: ['review', 'unanswered'] },
          { id: 'share', label: 'Share', url: '/host/share', on: ['answered'] },
        ],
      },
      {
        answerActions: [
          { id: 'review', label: 'Ask an analyst', url: '/host/review', description: 'Sends the answer for review', on: ['review', 'unanswered'] },
          { id: 'share', label: 'Share', url: '/host/share', on: ['answered'] },
        ],
      },
    ],
    [
      'an answer action with a foreign url, an empty or unknown place is left out',
      {
        answerActions: [
          { label: 'a', url: 'https://evil.example/x', on: ['review'] },
          { label: 'b', url: '/b', on: [] },
          { label: 'c', url: '/c', on: ['review', 'later'] },
        ],
      },
      { answerActions: [] },
    ],
    [
      'plain text: control characters are removed',
      { environment: 'Prod\u0007uction', banner: { text: 'Down\u202e tonight', tone: 'info' } },
      { environment: 'Prod uction', banner: { text: 'Down  tonight', tone: 'info', links: [] } },
    ],
  ])('%s', async (_name, additions, expected) => {
    const r = await get({ resolvePrincipal: person, ui: () => additions }, '/api/host/ui');
    expect(r.body['ui']).toEqual(expected);
  });
});

describe('home cards: spec-shaped input (spec 03 Home)', () => {
  const items = Array.from({ length: 10 }, (_, i) => ({ label: `Item ${i}`, status: i % 2 === 0 ? 'open' : 'done', href: `/i/${i}` }));
  it.each([
    [
      'a card keeps at most eight items, each plain text with a status and a same-origin link',
      [{ id: 'requests', title: 'Your requests', items }],
      [{ id: 'requests', title: 'Your requests', items: items.slice(0, 8) }],
    ],
    [
      'an item with a foreign link keeps its text, an item without text is left out',
      [{ title: 'T', items: [{ label: 'a', status: 'open', href: 'https://evil.example/' }, { status: 'open', href: '/b' }, 'c'] }],
      [{ title: 'T', items: [{ label: 'a', status: 'open' }] }],
    ],
  ])('%s', async (_name, cards, expected) => {
    expect(await get({ resolvePrincipal: person, homeCards: () => cards }, '/api/host/home-cards')).toEqual({ status: 200, body: { cards: expected } });
  });
});

describe('capabilities', () => {
  it('asks each action on the project; export only with query.run; refusals keep same-origin next links', async () => {
    const asked: Array<[string, unknown]> = [];
    const authorize: HostHooks['authorize'] = (_p, action, resource) => {
      asked.push([action, resource]);
      if (action === 'project.read') return { allow: true };
      if (action === 'query.run') return { allow: false, reason: 'Ask your lead.', next: { label: 'Request access', href: '/requests/new' } };
      if (action === 'app.publish') return { allow: false, next: { label: 'elsewhere', href: 'https://evil.example/' } };
      if (action === 'research') throw new Error('directory down');
      return { allow: true };
    };
    const r = await get({ resolvePrincipal: person, authorize }, '/api/host/ui');
    expect(r.status).toBe(200);
    expect(r.body['capabilities']).toMatchObject({
      ask: true,
      'query.run': false,
      export: false,
      'app.publish': false,
      research: false,
      'request.create': true,
    });
    expect(r.body['refusals']['query.run']).toEqual({ reason: 'Ask your lead.', next: { label: 'Request access', href: '/requests/new' } });
    expect(r.body['refusals']['app.publish']).toEqual({});
    expect(r.body['refusals']['research']['reason']).toMatch(/reference [A-Za-z]{8}/);
    expect(r.body['refusals']['export']).toBeUndefined();
    expect(asked.filter(([a]) => a !== 'project.read').every(([, resource]) => JSON.stringify(resource) === '{"kind":"project"}')).toBe(true);
    expect(new Set(asked.map(([a]) => a)).size).toBe(17);
  });
});

describe('home cards and groups: conformance', () => {
  const cards = Array.from({ length: 10 }, (_, i) => ({ title: `Card ${i}`, href: i === 0 ? 'https://evil.example' : `/c/${i}` }));
  it.each([
    ['home cards, no hook', {}, '/api/host/home-cards', { cards: [] }],
    [
      'home cards, valid: at most 8, foreign links dropped',
      { homeCards: () => cards },
      '/api/host/home-cards',
      { cards: [{ title: 'Card 0', items: [] }, ...cards.slice(1, 8).map((c) => ({ title: c.title, href: c.href, items: [] }))] },
    ],
    ['home cards, wrong shape', { homeCards: () => ({ title: 'x' }) }, '/api/host/home-cards', { cards: [] }],
    [
      'home cards, throw',
      {
        homeCards: () => {
          throw new Error('x');
        },
      },
      '/api/host/home-cards',
      { cards: [] },
    ],
    ['home cards, time-out', { homeCards: never }, '/api/host/home-cards', { cards: [] }],
    ['groups, no hook', {}, '/api/host/groups', { available: false, groups: [] }],
    [
      'groups, valid',
      { directoryGroups: () => ['finance', { id: 'g2', name: 'Sales' }, 42] },
      '/api/host/groups',
      {
        available: true,
        groups: [
          { id: 'finance', name: 'finance' },
          { id: 'g2', name: 'Sales' },
        ],
      },
    ],
    ['groups, wrong shape', { directoryGroups: () => 'finance' }, '/api/host/groups', { available: false, groups: [] }],
    [
      'groups, throw',
      {
        directoryGroups: () => {
          throw new Error('x');
        },
      },
      '/api/host/groups',
      { available: false, groups: [] },
    ],
    ['groups, time-out', { directoryGroups: never }, '/api/host/groups', { available: false, groups: [] }],
  ])('%s', async (_name, hooks, url, body) => {
    expect(await get({ resolvePrincipal: person, ...(hooks as Partial<HostHooks>) }, url)).toEqual({ status: 200, body });
  });
});
