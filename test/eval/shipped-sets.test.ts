/**
 * The shipped evaluation sets, run by CI through the real command on a copy of each fixture with
 * its data: no wrong certified label, a Tier-1 hit rate of at least 90% overall and on the
 * paraphrase and parameter questions, every unanswerable and sensitive question refused, and at
 * least 100 questions in all.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, copyFixture, FIXTURES } from '../helpers/project.js';
import { ensureCommerceWarehouse } from '../runtime/helpers/warehouse.js';

afterAll(cleanupProjects);

interface Report {
  summary: {
    total: number;
    tier1: { rate: number };
    wrongCertified: string[];
    byKind: Record<string, { expected: number; met: number; rate: number }>;
    passed: boolean;
  };
}

const totals: number[] = [];

function pointAt(root: string, db: string): void {
  const path = join(root, 'svc.config.json');
  const config = JSON.parse(readFileSync(path, 'utf8')) as { connections: { default: { path: string } } };
  config.connections.default.path = db;
  writeFileSync(path, JSON.stringify(config));
}

describe.each(['commerce', 'legacy'])('fixtures/%s/evals/questions.yaml', (name) => {
  it('meets the bar', async () => {
    await ensureCommerceWarehouse();
    const root = copyFixture(name, { withData: true });
    // The legacy fixture reads the commerce warehouse beside it; its copy reads the original.
    if (name === 'legacy') pointAt(root, join(FIXTURES, 'commerce/data/warehouse.db'));
    const r = svc(['eval', 'evals/questions.yaml', '--format', 'json'], root);
    const report = JSON.parse(r.stdout) as Report;
    const s = report.summary;
    totals.push(s.total);
    expect(s.wrongCertified).toEqual([]);
    expect(s.tier1.rate).toBeGreaterThanOrEqual(0.9);
    for (const kind of ['paraphrase', 'parameter']) if (s.byKind[kind] !== undefined) expect(s.byKind[kind]?.rate, kind).toBeGreaterThanOrEqual(0.9);
    for (const kind of ['unanswerable', 'sensitive']) if (s.byKind[kind] !== undefined) expect(s.byKind[kind]?.rate, kind).toBe(1);
    expect(s.passed).toBe(true);
    expect(r.code).toBe(0);
  });
});

it('the shipped sets hold at least 100 questions in all', () => {
  expect(totals.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(100);
});
