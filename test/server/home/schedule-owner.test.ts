/**
 * A schedule runs as its owner's principal as the host last named them on this server: the row
 * policy reads the owner's attributes even when someone else (or the scheduler) starts the run;
 * an owner not seen since the server started runs as their id alone (here: no state, so no
 * rows and no figure, never someone else's). The memory of principals keeps 5,000 people, the
 * least recently seen dropped first.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../../src/host.js';
import { KnownPrincipals } from '../../../src/server/known-principals.js';
import { hostedCommerce } from '../../helpers/hosted-commerce.js';
import { cleanupProjects } from '../../helpers/project.js';
import { writePulseApp } from '../../helpers/pulse-app.js';
import { narrowToState, PERSON, stateHost } from '../../helpers/state-person.js';
import { commerceProject } from '../../runtime/helpers/warehouse.js';

const servers = hostedCommerce();
afterAll(async () => {
  await servers.closeAll();
  cleanupProjects();
});

const post = async (server: LocalServer, state: string, path: string) => {
  const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'x-state': state, 'content-type': 'application/json' }, body: '{}' });
  return (await r.json()) as Record<string, any>;
};

describe("a schedule's owner", () => {
  it('runs with the attributes the host last gave them, whoever starts it', async () => {
    const root = await commerceProject();
    const owner = PERSON('CA').id;
    writePulseApp(root, owner, [{ id: 'daily', page: 'main', cron: '0 7 * * *', recipients: [] }]);
    const heard: Array<{ id?: string; state?: unknown; destination?: string }> = [];
    const hooks = stateHost({
      policy: (q) => {
        heard.push({ id: q.principal?.id, state: q.principal?.attributes?.['state'], destination: q.destination });
        return narrowToState(q);
      },
    });
    const { server } = await servers.start({ ...hooks, resolvePrincipal: (req) => PERSON(String(req.headers['x-state'] ?? 'CA')) }, root);
    // Not seen yet: the owner's id alone, so the policy narrows to no state (no one's rows).
    expect((await post(server, 'TX', '/api/apps/pulse/schedules/daily/run'))['changed']).toBe(true);
    expect(heard.filter((h) => h.destination === 'delivery').every((h) => h.id === owner && h.state === undefined)).toBe(true);
    heard.length = 0;
    await post(server, 'CA', '/api/apps/pulse/pages/main/run');
    heard.length = 0;
    await post(server, 'TX', '/api/apps/pulse/schedules/daily/run');
    const asOwner = heard.filter((h) => h.destination === 'delivery');
    expect(asOwner.length).toBeGreaterThan(0);
    expect(asOwner.every((h) => h.id === owner && h.state === 'CA')).toBe(true);
  });

  it('is remembered for at most the limit, the least recently seen dropped first', () => {
    const known = new KnownPrincipals(3);
    for (const id of ['a', 'b', 'c']) known.remember({ id, kind: 'person', source: 'host' });
    known.remember({ id: 'a', kind: 'person', source: 'host', groups: ['x'] });
    known.remember({ id: 'd', kind: 'person', source: 'host' });
    expect(['a', 'b', 'c', 'd'].map((id) => known.get(id)?.id)).toEqual(['a', undefined, 'c', 'd']);
    expect(known.get('a')?.groups).toEqual(['x']);
  });
});
