/** listProposals: every draft ranked by asked_times descending, ties by path, with a filter. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listProposals } from '../../../src/runtime/drafts/index.js';
import { blockSource, CONFIG, cleanupProjects, copyFixture, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

describe('listProposals', () => {
  it('ranks the fixture drafts by asked_times', () => {
    const root = copyFixture('commerce');
    expect(listProposals(root).map((p) => [p.id, p.askedTimes, p.path])).toEqual([
      ['sales.orders_by_state', 3, 'domains/sales/blocks/_drafts/orders_by_state.svc'],
      ['finance.revenue_by_channel', 2, 'domains/finance/blocks/_drafts/revenue_by_channel.svc'],
      ['customers.lifetime_value_by_segment', 1, 'domains/customers/blocks/_drafts/lifetime_value_by_segment.svc'],
    ]);
    expect(listProposals(root, { askedAtLeastTimes: 2 }).map((p) => p.id)).toEqual(['sales.orders_by_state', 'finance.revenue_by_channel']);
    expect(listProposals(root, { askedAtLeastTimes: 4 })).toEqual([]);
    expect(listProposals(root)[0]).toMatchObject({
      status: 'draft',
      contractId: 'sales.Order.orders_by_state',
      certifyCommand: 'svc certify --from-draft domains/sales/blocks/_drafts/orders_by_state.svc',
      readable: true,
    });
  });

  it('breaks ties by path, counts a draft without asked_times once, and lists a broken file as unreadable', () => {
    const root = makeProject({
      'svc.config.json': CONFIG,
      'domains/b/blocks/_drafts/two.svc': blockSource('two', { domain: '"b"', asked_times: '2' }),
      'domains/a/blocks/_drafts/two.svc': blockSource('two', { domain: '"a"', asked_times: '2' }),
      'blocks/_drafts/plain.svc': blockSource('plain'),
      'domains/a/blocks/certified.svc': blockSource('certified', { domain: '"a"', status: '"certified"', asked_times: '9' }),
    });
    writeFileSync(join(root, 'domains/b/blocks/_drafts/broken.svc'), 'block "broken" { asked_times = 5');
    const listed = listProposals(root);
    expect(listed.map((p) => [p.path, p.askedTimes])).toEqual([
      ['domains/b/blocks/_drafts/broken.svc', 5],
      ['domains/a/blocks/_drafts/two.svc', 2],
      ['domains/b/blocks/_drafts/two.svc', 2],
      ['blocks/_drafts/plain.svc', 1],
    ]);
    expect(listed[0]?.readable).toBe(false);
  });
});
