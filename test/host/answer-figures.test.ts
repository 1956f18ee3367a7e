/**
 * Figure withholding (spec 03 "Answers, figures and sources" 1; spec 02 `answerFigures`) and the
 * written answer (`audience`, headings). A withheld reader and a showing reader ask the same
 * needs-review question: the withheld one's run, its trace events, its thread (run list) and
 * its answer facts carry no value, on the wire and in the local stores; the decision is taken
 * again on every read. Conformance: no hook, valid, wrong shape, throw, time-out.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { RUN_STORE_FILE } from '../../src/hooks/stores/sqlite-run-store.js';
import { THREAD_STORE_FILE } from '../../src/hooks/stores/sqlite-thread-store.js';
import type { HostHooks, LocalServer } from '../../src/host.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';

const servers = hostedCommerce();
afterAll(async () => {
  await servers.closeAll();
  cleanupProjects();
});

const REVIEW = {
  question: 'Which states had orders, and how many each?',
  proposedSql: 'SELECT state, COUNT(*) AS orders_count FROM orders GROUP BY state ORDER BY state',
  saveDraft: false,
};

const hosted = (hooks: Partial<HostHooks>, root?: string) => servers.start(hooks, root);

async function call(server: LocalServer, user: string, path: string, body?: unknown): Promise<{ status: number; text: string; json: Record<string, any> }> {
  const init =
    body === undefined
      ? { headers: { 'x-user': user } }
      : { method: 'POST', headers: { 'x-user': user, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const r = await fetch(`${server.url}${path}`, init);
  const text = await r.text();
  return { status: r.status, text, json: JSON.parse(text) as Record<string, any> };
}

/** Facts are written after the answer: read until they are there. */
async function factsOf(server: LocalServer, user: string, runId: string) {
  for (let i = 0; i < 250; i += 1) {
    const r = await call(server, user, `/api/host/answers/${runId}?values=1`);
    if (r.status !== 404) return r;
    await new Promise((done) => setTimeout(done, 20));
  }
  return call(server, user, `/api/host/answers/${runId}?values=1`);
}

/** Every text value of a result: what must never reach a withheld reader. */
const textValues = (rows: Array<Record<string, unknown>>) => [
  ...new Set(rows.flatMap((r) => Object.values(r)).filter((v): v is string => typeof v === 'string' && v.length >= 2)),
];
const holdsAny = (text: string, values: string[]) =>
  values.filter((v) => text.includes(JSON.stringify(v)) || text.includes(` ${v},`) || text.includes(` ${v}.`));

function storedRecord(root: string, file: string, sql: string, runId: string): string {
  const db = new Database(join(root, file), { readonly: true });
  try {
    return db.prepare<[string], { record: string }>(sql).get(runId)?.record ?? '';
  } finally {
    db.close();
  }
}

describe('answerFigures: a withheld reader and a showing reader ask the same needs-review question', () => {
  it('the withheld run, its events, its thread and its facts carry no value, on the wire and in storage', async () => {
    const withheld = new Set(['bob']);
    const { server, root } = await hosted({ answerFigures: (p) => (withheld.has(p.id) ? 'withhold_review' : 'show') });
    const shown = (await call(server, 'ada', '/api/agent-runs', REVIEW)).json;
    expect(shown).toMatchObject({ tier: 2, trust: 'review_required', answer: { heading: 'Needs review' } });
    const values = textValues(shown['rows']);
    expect(values.length).toBeGreaterThan(2);
    expect(holdsAny(shown['answer'].text, values).length).toBeGreaterThan(0);
    const hidden = await call(server, 'bob', '/api/agent-runs', REVIEW);
    expect(hidden.json).toMatchObject({
      tier: 2,
      trust: 'review_required',
      figuresWithheld: true,
      rows: [],
      columns: shown['columns'],
      rowCount: shown['rowCount'],
      sql: REVIEW.proposedSql,
    });
    expect(hidden.json['answer']).toBeUndefined();
    const bobRun = hidden.json['runId'] as string;
    const reads = [
      hidden,
      await call(server, 'bob', `/api/agent-runs/${bobRun}/thread`),
      await factsOf(server, 'bob', bobRun),
      await call(server, 'bob', `/api/ask-traces/by-run/${bobRun}`),
      await call(server, 'bob', '/api/ask-traces'),
    ];
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(holdsAny(read.text, values)).toEqual([]);
    }
    expect(reads[1]?.json['runs'][0]).toMatchObject({ figuresWithheld: true, columns: shown['columns'], rowCount: shown['rowCount'] });
    expect(reads[2]?.json).toMatchObject({ figuresWithheld: true, trust: 'review_required', sql: REVIEW.proposedSql, tables: ['orders'] });
    expect(reads[2]?.json['values']).toBeUndefined();
    // The showing reader's facts hold the values: the check above could fail.
    const adaFacts = await factsOf(server, 'ada', shown['runId']);
    expect(adaFacts.json['values']).toMatchObject({ rows: shown['rows'], text: shown['answer'].text });
    await server.close();
    const facts = (id: string) => storedRecord(root, RUN_STORE_FILE, 'SELECT record FROM run_facts WHERE run_id = ?', id);
    const thread = (id: string) => storedRecord(root, THREAD_STORE_FILE, 'SELECT record FROM runs WHERE run_id = ?', id);
    expect(facts(bobRun)).toContain('"figuresWithheld":true');
    expect(thread(bobRun)).toContain('"figuresWithheld":true');
    for (const stored of [facts(bobRun), thread(bobRun)]) expect(holdsAny(stored, values)).toEqual([]);
    expect(holdsAny(facts(shown['runId']), values).length).toBeGreaterThan(0);
  });

  it('decides again on every read: facts kept with values read without them once the host withholds', async () => {
    const withheld = new Set<string>();
    const { server } = await hosted({ answerFigures: (p) => (withheld.has(p.id) ? 'withhold_review' : 'show') });
    const run = (await call(server, 'ada', '/api/agent-runs', REVIEW)).json;
    expect((await factsOf(server, 'ada', run['runId'])).json['values']).toBeDefined();
    withheld.add('ada');
    const read = await call(server, 'ada', `/api/host/answers/${run['runId']}?values=1`);
    expect(read.json).toMatchObject({ figuresWithheld: true, trust: 'review_required' });
    expect(read.json['values']).toBeUndefined();
  });

  it('leaves certified answers whole for a withheld reader', async () => {
    const { server } = await hosted({ answerFigures: () => 'withhold_review' });
    const run = (await call(server, 'bob', '/api/agent-runs', { question: 'top 3 states by revenue' })).json;
    expect(run).toMatchObject({ tier: 1, trust: 'certified', rowCount: 3, answer: { heading: 'Certified answer' } });
    expect(run['rows']).toHaveLength(3);
    expect(run['figuresWithheld']).toBeUndefined();
  });
});

describe('answerFigures: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  it.each([
    ['no hook: shown', undefined, true],
    ['valid: show', () => 'show', true],
    ['valid: withhold_review', () => 'withhold_review', false],
    ['wrong shape: a number', () => 42, false],
    ['wrong shape: another word', () => 'SHOW', false],
    [
      'throw',
      () => {
        throw new Error('directory down');
      },
      false,
    ],
    ['time-out', never, false],
  ] as const)('%s', async (_name, hook, shows) => {
    const { server } = await hosted(hook === undefined ? {} : { answerFigures: hook as HostHooks['answerFigures'] });
    const run = (await call(server, 'ada', '/api/agent-runs', REVIEW)).json;
    expect(run['trust']).toBe('review_required');
    expect(run['rows'].length > 0).toBe(shows);
    expect(run['figuresWithheld'] === true).toBe(!shows);
  });
});

describe('audience: conformance', () => {
  const never = () => new Promise<never>(() => undefined);
  const ask = { question: 'top 3 states by revenue' };
  it.each([
    ["no hook: the request's", undefined, { ...ask, audience: 'stakeholder' }, 'stakeholder'],
    ['no hook, no request audience: the default', undefined, ask, 'analyst'],
    ['valid: stakeholder', () => 'stakeholder', { ...ask, audience: 'analyst' }, 'stakeholder'],
    ["valid: undefined keeps the request's", () => undefined, { ...ask, audience: 'stakeholder' }, 'stakeholder'],
    ['wrong shape', () => 'boss', ask, 'stakeholder'],
    [
      'throw',
      () => {
        throw new Error('no');
      },
      ask,
      'stakeholder',
    ],
    ['time-out', never, ask, 'stakeholder'],
  ] as const)('%s', async (_name, hook, body, audience) => {
    const { server } = await hosted(hook === undefined ? {} : { audience: hook as HostHooks['audience'] });
    const run = (await call(server, 'ada', '/api/agent-runs', body)).json;
    expect(run).toMatchObject({ tier: 1, audience, answer: { heading: 'Certified answer' } });
    // An analyst reads where the figures came from; a stakeholder reads the figures alone.
    expect(run['answer'].text.includes('sales.top_states_by_revenue')).toBe(audience === 'analyst');
  });
});
