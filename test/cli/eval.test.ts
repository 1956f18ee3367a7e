/**
 * `svc eval` as a real child process: exit codes 0/1/2, --min-hit, --format json (validated by
 * its schema), and that an evaluation leaves the project as it found it (no draft, no trace).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, REPO } from '../helpers/project.js';
import { commerceProject } from '../runtime/helpers/warehouse.js';

let root: string;

const SET = `version: 1
now: "2026-01-05T10:00:00Z"
questions:
  - { id: weekly, kind: example, question: "What was revenue last week?", expect: { tier: 1, block: finance.weekly_revenue, params: { since: "2025-12-29" } } }
  - { id: products, kind: near-miss, question: "How many products per category?", expect: { tier: 2 } }
  - { id: email, kind: sensitive, question: "What is Ava Smith's email address?", expect: { tier: 3, refusal: SENSITIVE_QUESTION } }
  - { id: states-1, kind: follow-up, thread: s, question: "top 10 states by revenue", expect: { tier: 1, block: sales.top_states_by_revenue, params: { top_n: 10 } } }
  - { id: states-2, kind: follow-up, thread: s, question: "just the top 3", expect: { tier: 1, block: sales.top_states_by_revenue, params: { top_n: 3 } } }
`;

beforeAll(async () => {
  root = await commerceProject();
  writeFileSync(join(root, 'set.yaml'), SET);
  writeFileSync(
    join(root, 'wrong.yaml'),
    SET.replace('expect: { tier: 2 }', 'expect: { tier: 1, block: catalog.category_sales }').replace(
      '{ tier: 3, refusal: SENSITIVE_QUESTION }',
      '{ tier: 1, block: finance.weekly_revenue }',
    ),
  );
  writeFileSync(
    join(root, 'mislabel.yaml'),
    SET.replace('expect: { tier: 1, block: finance.weekly_revenue, params: { since: "2025-12-29" } }', 'expect: { tier: 2 }'),
  );
});
afterAll(cleanupProjects);

describe('svc eval', () => {
  it('passes a set the cascade meets, printing the figures', () => {
    const r = svc(['eval', 'set.yaml'], root);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Tier-1 hit rate      100.0% (3/3)');
    expect(r.stdout).toContain('Wrong certified      0');
    expect(r.stdout).toMatch(/PASS\n$/);
  });

  it('--format json prints a report its schema describes, and writes nothing into the project', () => {
    const before = readdirSync(join(root, 'domains/sales/blocks/_drafts')).length;
    const r = svc(['eval', 'set.yaml', '--format', 'json'], root);
    const report = JSON.parse(r.stdout);
    const schema = JSON.parse(readFileSync(join(REPO, 'src/runtime/schemas/eval-report.schema.json'), 'utf8'));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.summary).toMatchObject({ total: 5, wrongCertified: [], passed: true });
    expect(report.results.map((x: { met: boolean }) => x.met)).toEqual([true, true, true, true, true]);
    expect(readdirSync(join(root, 'domains/sales/blocks/_drafts')).length).toBe(before);
    expect(existsSync(join(root, '.svc/local/ask-observability'))).toBe(false);
  });

  it('exits 1 when the hit rate falls under the bar', () => {
    const r = svc(['eval', 'wrong.yaml', '--format', 'json'], root);
    expect(r.code).toBe(1);
    // "products" expected catalog.category_sales (no certified answer comes), "email" a certified one (refused): misses, not wrong labels.
    expect(JSON.parse(r.stdout).summary).toMatchObject({ wrongCertified: [], passed: false });
  });

  it('exits 1 on a wrong certified label, whatever the hit rate, and names it first', () => {
    const r = svc(['eval', 'mislabel.yaml', '--min-hit', '0'], root);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[1]).toBe('WRONG CERTIFIED LABEL weekly [example] "What was revenue last week?"');
  });

  it('exits 1 under --min-hit and 0 over it (3 of 5 tier-1 questions met, no wrong label)', () => {
    expect(svc(['eval', 'wrong.yaml', '--min-hit', '0.61'], root).code).toBe(1);
    expect(svc(['eval', 'wrong.yaml', '--min-hit', '0.6'], root).code).toBe(0);
  });

  it.each([
    ['--min-hit', '1.5'],
    ['--min-hit', 'x'],
    ['--now', 'yesterday'],
  ])('exits 2 for %s %s', (flag, value) => {
    const r = svc(['eval', 'set.yaml', flag, value], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage Error');
  });

  it('scores a held-out set beside the first, showing its figures and never its questions', () => {
    const r = svc(['eval', 'set.yaml', '--held-out', 'mislabel.yaml'], root);
    expect(r.code).toBe(1);
    const [tuning, heldOut] = r.stdout.split(/\n(?=svc eval )/);
    expect(tuning).toMatch(/PASS\n$/);
    expect(heldOut).toContain('held out: scored only');
    expect(heldOut).toContain('Wrong certified      1');
    expect(heldOut).not.toContain('What was revenue last week?');
    const json = JSON.parse(svc(['eval', 'set.yaml', '--held-out', 'mislabel.yaml', '--format', 'json'], root).stdout);
    expect(json.tuning.summary.total).toBe(5);
    expect(json.heldOut).toHaveLength(1);
    expect(json.heldOut[0].results).toEqual([]);
    expect(json.heldOut[0].summary.wrongCertified).toHaveLength(1);
  });

  it('exits 2 for a set that does not read, with its code', () => {
    writeFileSync(join(root, 'bad.yaml'), 'version: 1\nquestions: [{ id: a, kind: guess, question: x, expect: { tier: 1 } }]\n');
    const r = svc(['eval', 'bad.yaml'], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('eval/invalid');
    expect(svc(['eval', 'missing.yaml'], root).stderr).toContain('eval/unreadable');
  });
});
