/**
 * The JSON that `compile`, `certify`, `agent ask` and `app check` print with `--format json`
 * matches its published schema (dist/schemas/*-output.schema.json), on success and on
 * failure, from real child processes; and each schema is strict enough to notice a renamed field.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, makeProject, REPO } from '../helpers/project.js';

afterAll(cleanupProjects);

const ajv = new Ajv({ allErrors: true, strict: false });
(addFormats as unknown as (a: Ajv) => void)(ajv);
const schema = (name: string) => ajv.compile(JSON.parse(readFileSync(join(REPO, 'dist/schemas', name), 'utf8')) as object);
const SCHEMAS = {
  compile: schema('compile-output.schema.json'),
  certify: schema('certify-output.schema.json'),
  ask: schema('ask-output.schema.json'),
  appCheck: schema('app-check-output.schema.json'),
};

function project(): string {
  const root = makeProject({});
  svc(['init', '--example'], root);
  return root;
}

function broken(root: string): string {
  const file = join(root, 'domains/shop/blocks/monthly_revenue.svc');
  writeFileSync(file, readFileSync(file, 'utf8').replace('SELECT strftime', 'SELEC strftime'));
  return root;
}

const APP = JSON.stringify({ id: 'shop', title: 'Shop', owner: 'a@x.test', pages: [{ id: 'p', title: 'P', dashboard: 'dashboards/p.svcd' }] });
const PAGE = JSON.stringify({
  id: 'p',
  title: 'P',
  tiles: [{ id: 't', title: 'T', kind: 'chart', source: { kind: 'block', id: 'shop.monthly_revenue', revision: 'sha256:0' } }],
});

function withApp(root: string): string {
  const dir = join(root, 'apps/shop/dashboards');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(root, 'apps/shop/svc.app.json'), APP);
  writeFileSync(join(dir, 'p.svcd'), PAGE);
  return root;
}

const CASES: Array<[string, keyof typeof SCHEMAS, () => string, string[], number]> = [
  ['compile, clean', 'compile', project, ['compile'], 0],
  ['compile, broken SQL', 'compile', () => broken(project()), ['compile'], 1],
  ['certify, certified', 'certify', project, ['certify', 'shop.monthly_revenue'], 0],
  ['certify, refused', 'certify', () => broken(project()), ['certify', 'shop.monthly_revenue'], 1],
  ['certify, unknown block', 'certify', project, ['certify', 'shop.nothing'], 2],
  ['agent ask, refused (no certified block yet)', 'ask', project, ['agent', 'ask', 'What was revenue by month?'], 1],
  ['app check, not ready', 'appCheck', () => withApp(project()), ['app', 'check', 'shop'], 1],
];

describe('machine output matches its schema', () => {
  it.each(CASES)('%s', (_name, which, make, args, exitCode) => {
    const root = make();
    const run = svc([...args, '--format', 'json'], root);
    expect(run.code, run.stdout + run.stderr).toBe(exitCode);
    const out = JSON.parse(run.stdout) as unknown;
    const validate = SCHEMAS[which];
    expect(validate(out), JSON.stringify(validate.errors)).toBe(true);
  });

  it('agent ask, certified with rows', () => {
    const root = project();
    svc(['certify', 'shop.monthly_revenue'], root);
    svc(['compile'], root);
    const out = JSON.parse(svc(['agent', 'ask', 'What was revenue by month?', '--format', 'json'], root).stdout) as Record<string, unknown>;
    expect(out['tier']).toBe(1);
    expect(SCHEMAS.ask(out), JSON.stringify(SCHEMAS.ask.errors)).toBe(true);
    // Strict: a renamed field, or a certified label on a tier that is not 1, fails.
    const { rows, ...renamed } = out;
    expect(SCHEMAS.ask({ ...renamed, results: rows })).toBe(false);
    expect(SCHEMAS.ask({ ...out, tier: 2 })).toBe(false);
  });

  it('publishes the Ask run schema the HTTP contract holds (npm run docs writes it)', async () => {
    const { ASK_RUN } = await import('../../src/server/contract/agent-runs.js');
    const published = JSON.parse(readFileSync(join(REPO, 'src/cli/schemas/ask-output.schema.json'), 'utf8')) as Record<string, unknown>;
    const { $schema: _s, $id: _i, title: _t, description: _d, allOf: _a, ...body } = published;
    expect(body).toEqual(JSON.parse(JSON.stringify(ASK_RUN)));
  });

  it('notices renamed fields in compile and certify output', () => {
    const root = project();
    const compiled = JSON.parse(svc(['compile', '--format', 'json'], root).stdout) as Record<string, unknown>;
    const { diagnostics, ...rest } = compiled;
    expect(SCHEMAS.compile({ ...rest, findings: diagnostics })).toBe(false);
    const certified = JSON.parse(svc(['certify', 'shop.monthly_revenue', '--format', 'json'], root).stdout) as Record<string, unknown>;
    expect(SCHEMAS.certify({ ...certified, exitCode: 3 })).toBe(false);
  });
});
