/**
 * The draft writer as a library: slugs, the file and companion it writes (and that the
 * compiler reads back as a draft with the capture fields), counting a repeat by fingerprint or
 * question on the syntax tree (comments survive, no new file), legacy layout, names that never
 * collide with another block, and a draft that no longer parses is never rewritten.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sqlFingerprint } from '../../../grammar/sql/index.js';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { type CaptureInput, captureDraft, DraftError, questionSlug, uniqueSlug } from '../../../src/runtime/drafts/index.js';
import { blockSource, CONFIG, cleanupProjects, copyFixture, makeProject } from '../../helpers/project.js';

afterAll(cleanupProjects);

const NOW = new Date('2026-03-02T09:15:30.250Z');
const SQL = 'SELECT state, COUNT(*) AS orders\nFROM orders\nGROUP BY state';
const input = (over: Partial<CaptureInput> = {}): CaptureInput => ({
  layout: 'domain',
  domain: 'sales',
  entity: 'Order',
  question: 'How many orders per state?',
  sql: SQL,
  driver: 'sqlite',
  now: NOW,
  owner: 'owner@acme.test',
  ...over,
});

function compiled(root: string): Manifest {
  return JSON.parse(compileProject({ project: root, check: true, cache: false }).text ?? '{}') as Manifest;
}

describe('questionSlug', () => {
  it.each([
    ['How many orders per state?', 'how_many_orders_per_state'],
    ['Top-5 products (by revenue)', 'top_5_products_by_revenue'],
    ['Café crème sales in Zürich', 'cafe_creme_sales_in_zurich'],
    ['2024 revenue', 'q_2024_revenue'],
    ['???', 'question'],
    ['what is the total revenue of every single product category across all channels and states', 'what_is_the_total_revenue_of_every_single'],
  ])('%s -> %s', (question, slug) => {
    const s = questionSlug(question);
    expect(s).toBe(slug);
    expect(s.length).toBeLessThanOrEqual(48);
    expect(s).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('adds a counter to a taken slug, within the limit', () => {
    const taken = new Set(['orders', 'orders_2']);
    expect(uniqueSlug('orders', (s) => taken.has(s))).toBe('orders_3');
    const long = 'a'.repeat(48);
    expect(uniqueSlug(long, (s) => s === long)).toBe(`${'a'.repeat(46)}_2`);
  });
});

describe('captureDraft', () => {
  it('writes the draft and its companion, which compile as a draft with its capture fields', () => {
    const root = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/daily.svc': blockSource('daily', { status: '"review"' }) });
    const r = captureDraft(root, input());
    expect(r).toEqual({ path: 'domains/sales/blocks/_drafts/how_many_orders_per_state.svc', askedTimes: 1, created: true });
    const block = compiled(root).blocks['sales.how_many_orders_per_state'];
    expect(block).toMatchObject({
      status: 'draft',
      inDrafts: true,
      owner: 'owner@acme.test',
      tags: ['review-required'],
      description: 'Review required: drafted from a question.',
      answerFingerprint: sqlFingerprint(SQL, 'sqlite'),
      askedTimes: 1,
      tables: ['orders'],
      proposed: { asked_at: '2026-03-02T09:15:30Z', asked_times: 1, domain: 'sales', entity: 'Order', contract_id: 'sales.Order.how_many_orders_per_state' },
    });
    expect(block?.query.trim()).toBe(SQL);
    const companion = parse(readFileSync(join(root, 'semantic-layer/blocks/sales/_drafts/how_many_orders_per_state.yaml'), 'utf8')) as Record<string, unknown>;
    expect(companion).toMatchObject({ name: 'how_many_orders_per_state', domain: 'sales', reviewStatus: 'draft', owner: 'owner@acme.test' });
    expect(compileProject({ project: root, cache: false }).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('counts the same SQL (any layout or case) and the same question on the existing file, keeping comments', () => {
    const root = makeProject({ 'svc.config.json': CONFIG });
    const first = captureDraft(root, input());
    const path = join(root, first.path);
    writeFileSync(path, readFileSync(path, 'utf8').replace('  status = "draft"', '  // the reviewer was here\n  status = "draft"'));
    expect(
      captureDraft(root, input({ question: 'orders for each state', sql: 'select state, count(*) as orders from orders group by state -- again' })),
    ).toEqual({ path: first.path, askedTimes: 2, created: false });
    expect(captureDraft(root, input({ sql: 'SELECT state FROM orders' }))).toEqual({ path: first.path, askedTimes: 3, created: false });
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('// the reviewer was here');
    expect(text.match(/asked_times = 3/g)).toHaveLength(2);
    expect(readdirSync(join(root, 'domains/sales/blocks/_drafts'))).toEqual(['how_many_orders_per_state.svc']);
  });

  it('writes legacy drafts to blocks/_drafts', () => {
    const root = makeProject({ 'svc.config.json': CONFIG, 'blocks/sales/a.svc': blockSource('a') });
    const r = captureDraft(root, input({ layout: 'legacy' }));
    expect(r.path).toBe('blocks/_drafts/how_many_orders_per_state.svc');
    expect(compiled(root).blocks['sales.how_many_orders_per_state']).toMatchObject({ layout: 'legacy', inDrafts: true, status: 'draft' });
  });

  it('never takes the name of another block of the domain', () => {
    const root = copyFixture('commerce');
    const r = captureDraft(root, input({ domain: 'finance', entity: 'Revenue', question: 'Weekly revenue', sql: 'SELECT 1 AS x FROM orders' }));
    expect(r.path).toBe('domains/finance/blocks/_drafts/weekly_revenue_2.svc');
    expect(compileProject({ project: root, check: true, cache: false }).diagnostics.map((d) => d.code)).not.toContain('compile/duplicate-block');
  });

  it('counts on a fixture draft with the same answer fingerprint', () => {
    const root = copyFixture('commerce');
    const r = captureDraft(root, input({ question: 'orders in each state', sql: 'SELECT state, COUNT(*) AS orders FROM orders GROUP BY state' }));
    expect(r).toEqual({ path: 'domains/sales/blocks/_drafts/orders_by_state.svc', askedTimes: 4, created: false });
  });

  it('never rewrites a draft that no longer parses', () => {
    const root = makeProject({ 'svc.config.json': CONFIG });
    const first = captureDraft(root, input());
    const broken = `${readFileSync(join(root, first.path), 'utf8')}\nblock "oops" {`;
    writeFileSync(join(root, first.path), broken);
    expect(() => captureDraft(root, input())).toThrow(DraftError);
    expect(() => captureDraft(root, input())).toThrow(expect.objectContaining({ code: 'DRAFT_UNREADABLE' }));
    expect(readFileSync(join(root, first.path), 'utf8')).toBe(broken);
  });

  it('says the draft could not be written when its folder cannot be made, leaving nothing behind', () => {
    // The drafts folder is a file, so no draft can be written into it.
    const root = makeProject({ 'svc.config.json': CONFIG, 'domains/sales/blocks/_drafts': 'not a folder\n' });
    expect(() => captureDraft(root, input())).toThrow(expect.objectContaining({ name: 'DraftError', code: 'DRAFT_WRITE_FAILED' }));
    expect(readFileSync(join(root, 'domains/sales/blocks/_drafts'), 'utf8')).toBe('not a folder\n');
    expect(readdirSync(root).sort()).toEqual(['domains', 'svc.config.json']);
  });

  it('refuses a domain or entity that cannot name a folder or a contract', () => {
    const root = makeProject({ 'svc.config.json': CONFIG });
    for (const bad of [{ domain: '../x' }, { entity: 'not valid' }, { sql: '   ' }]) {
      expect(() => captureDraft(root, input(bad))).toThrow(expect.objectContaining({ code: 'DRAFT_INVALID_INPUT' }));
    }
    expect(readdirSync(root)).toEqual(['svc.config.json']);
  });
});
