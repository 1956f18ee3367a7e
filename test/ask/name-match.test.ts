// Detecting a question that names a block as a block: by id, by underscored name, or by its
// name in words next to the word "block".
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BlockNames, buildBlockNames, matchBlockName } from '../../src/ask/index.js';
import type { Manifest } from '../../src/compiler/types.js';
import { cleanupProjects } from '../helpers/project.js';
import { compileCommerce } from './commerce-manifest.js';

let names: BlockNames;
beforeAll(() => {
  const m: Manifest = compileCommerce();
  names = buildBlockNames(Object.values(m.blocks));
});
afterAll(cleanupProjects);

it.each<[string, string | undefined]>([
  ['use block finance.weekly_revenue', 'finance.weekly_revenue'],
  ['Finance.Weekly_Revenue please', 'finance.weekly_revenue'],
  ['run weekly_revenue', 'finance.weekly_revenue'],
  ['weekly_revenue since 2025', 'finance.weekly_revenue'],
  ['the weekly revenue block', 'finance.weekly_revenue'],
  ['block top_states_by_revenue with top 3', 'sales.top_states_by_revenue'],
  ['block top states by revenue with top 3', 'sales.top_states_by_revenue'],
  ['use the block called channel mix', 'sales.channel_mix'],
  ['what does the finance weekly revenue block say for 2025', 'finance.weekly_revenue'],
  ['weekly revenue', undefined],
  ['top states by revenue', undefined],
  ['what blocks do we have', undefined],
  ['revenue e.g. by week', undefined],
])('%s', (q, id) => {
  const hit = matchBlockName(q, names);
  expect(hit?.kind === 'block' ? hit.id : undefined).toBe(id);
});

it('returns the span of the name so its words are never read as values', () => {
  const q = 'use block finance.net_revenue_2024';
  const hit = matchBlockName(q, names);
  expect(hit).toMatchObject({ kind: 'block', text: 'finance.net_revenue_2024' });
  expect(q.slice(hit?.start, hit?.end)).toBe('finance.net_revenue_2024');
});

it('reports an identifier after "block" that no block has', () => {
  expect(matchBlockName('use block sales.nothing_here', names)).toMatchObject({ kind: 'unknown', text: 'sales.nothing_here' });
  expect(matchBlockName('the snake_case words here', names)).toBeUndefined();
});
