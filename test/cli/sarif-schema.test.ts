/**
 * svc's SARIF, checked against the official SARIF 2.1.0 JSON schema (vendored in
 * test/fixtures/sarif, see SOURCE.md there): valid for lint and certify --verify, a tool
 * informationUri, a helpUri per rule that lands on an anchor of docs/diagnostics.md, one
 * path base for every result (the not-UTF-8 finding included), and that finding placed at
 * the line and column of its first bad byte.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { svc } from '../helpers/cli.js';
import { blockSource, CONFIG, cleanupProjects, copyFixture, makeProject, REPO } from '../helpers/project.js';

afterAll(cleanupProjects);

interface Result {
  ruleId: string;
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number } } }>;
}
interface Run {
  tool: { driver: { informationUri?: string; rules: Array<{ id: string; helpUri?: string }> } };
  originalUriBaseIds?: Record<string, { uri: string }>;
  results: Result[];
}

// The schema declares draft-04; the one draft-04 keyword it uses that draft-07 names otherwise is
// its top-level `id` (every other "id" is a property name), so it reads as draft-07 with `$id`.
const {
  id,
  $schema: _draft04,
  ...rest
} = JSON.parse(readFileSync(join(REPO, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')) as Record<string, unknown>;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile({ ...rest, $id: id });
const anchors = new Set([...readFileSync(join(REPO, 'docs/diagnostics.md'), 'utf8').matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]));

const before = 'block "a" {\n  domain = "sales"\n  description = "Prix en €, ';
const latin1 = Buffer.concat([Buffer.from(before, 'utf8'), Buffer.from([0xe9]), Buffer.from('"\n}\n')]);

/** A parent folder holding a project `shop` with a clean block, a failing one and a Latin-1 file. */
function parentWithProject(): string {
  const parent = makeProject({});
  const root = join(parent, 'shop');
  mkdirSync(join(root, 'domains/sales/blocks'), { recursive: true });
  writeFileSync(join(root, 'svc.config.json'), CONFIG);
  writeFileSync(join(root, 'domains/sales/blocks/a.svc'), blockSource('a'));
  writeFileSync(join(root, 'domains/sales/blocks/b.svc'), blockSource('b', { owner: '"nobody"' }));
  writeFileSync(join(root, 'domains/sales/blocks/latin1.svc'), latin1);
  return parent;
}

const runs: Array<[string, () => { cwd: string; args: string[] }, string]> = [
  [
    'lint in the project',
    () => ({
      cwd: copyFixture('commerce'),
      args: ['lint', '--format', 'sarif', 'domains/sales/blocks/cancellation_rate_by_channel.svc', 'domains/customers/blocks/churn_risk.svc'],
    }),
    '',
  ],
  [
    'lint from the folder above, with a non-UTF-8 file',
    () => ({
      cwd: parentWithProject(),
      args: ['lint', '--format', 'sarif', 'shop/domains/sales/blocks/a.svc', 'shop/domains/sales/blocks/b.svc', 'shop/domains/sales/blocks/latin1.svc'],
    }),
    'shop/',
  ],
  ['certify --verify', () => ({ cwd: copyFixture('commerce', { withData: true }), args: ['certify', '--verify', '--format', 'sarif'] }), ''],
];

describe('SARIF against the official 2.1.0 schema', () => {
  it.each(runs)('%s', (_name, setup, prefix) => {
    const { cwd, args } = setup();
    const r = svc(args, cwd);
    const log = JSON.parse(r.stdout) as { runs: Run[] };
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const run = log.runs[0] as Run;
    expect(run.tool.driver.informationUri).toMatch(/^https:\/\//);
    for (const rule of run.tool.driver.rules) {
      const [page, anchor] = (rule.helpUri ?? '').split('#');
      expect(page, rule.id).toMatch(/^https:\/\/.+\/diagnostics\.md$/);
      expect(anchors.has(anchor), `${rule.id} -> #${anchor}`).toBe(true);
    }
    expect(run.originalUriBaseIds?.['SRCROOT']?.uri).toBe(`${pathToFileURL(cwd).href}/`);
    for (const result of run.results) {
      const location = result.locations[0]?.physicalLocation.artifactLocation;
      expect(location?.uriBaseId, result.ruleId).toBe('SRCROOT');
      expect(location?.uri.startsWith(prefix), `${result.ruleId}: ${location?.uri}`).toBe(true);
    }
  });

  it('places the not-UTF-8 finding at its first bad byte, under the same base as the others', () => {
    const cwd = parentWithProject();
    const r = svc(['lint', '--format', 'sarif', 'shop/domains/sales/blocks/latin1.svc', 'shop/domains/sales/blocks/b.svc'], cwd);
    const run = (JSON.parse(r.stdout) as { runs: Run[] }).runs[0] as Run;
    const bad = run.results.find((x) => x.ruleId === 'file/not-utf8');
    const lastLine = before.split('\n').at(-1) ?? '';
    expect(bad?.locations[0]?.physicalLocation).toMatchObject({
      artifactLocation: { uri: 'shop/domains/sales/blocks/latin1.svc' },
      region: { startLine: 3, startColumn: lastLine.length + 1 },
    });
    expect(run.results.find((x) => x.ruleId === 'lint/owner-format')?.locations[0]?.physicalLocation.artifactLocation.uri).toBe(
      'shop/domains/sales/blocks/b.svc',
    );
  });
});
