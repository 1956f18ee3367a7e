/**
 * svc app check end to end: a ready App passes; an App that is not ready fails with each
 * blocker named. JSON output is validated against its published schema.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rulesAjv } from '../../src/rules/ajv.js';
import { svc } from '../helpers/cli.js';
import { cleanupProjects, copyFixture, REPO } from '../helpers/project.js';

afterAll(cleanupProjects);

const schema = JSON.parse(readFileSync(join(REPO, 'src/rules/schemas/app-check-result.schema.json'), 'utf8')) as object;
const validate = rulesAjv().compile(schema);

function valid(output: unknown): void {
  const ok = validate(output);
  expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
  expect(ok).toBe(true);
}

interface Tile {
  id: string;
  kind: string;
  source?: { kind: string; id: string; revision?: string };
}
interface Page {
  tiles: Tile[];
  filters: Array<{ id: string; bindings: Record<string, string> }>;
}

function editPage(dir: string, page: string, change: (doc: Page) => void): void {
  const file = join(dir, 'apps/growth/dashboards', `${page}.svcd`);
  const doc = JSON.parse(readFileSync(file, 'utf8')) as Page;
  change(doc);
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

/** growth, broken in every way publication checks. */
function notReady(): string {
  const dir = copyFixture('commerce', { withData: true });
  editPage(dir, 'overview', (doc) => {
    const tile = (id: string): Tile => doc.tiles.find((t) => t.id === id)!;
    tile('revenue').source!.revision = 'sha256:0000';
    tile('channels').source = { kind: 'block', id: 'sales.orders_by_state', revision: 'sha256:1111' };
    tile('top_states').source = { kind: 'block', id: 'sales.gone' };
    doc.filters[1]!.bindings = {};
  });
  mkdirSync(join(dir, '.svc/local/apps'), { recursive: true });
  writeFileSync(join(dir, '.svc/local/apps/growth.json'), JSON.stringify({ draftPending: true, openReviews: [{ page: 'customers', tile: 'segments' }] }));
  return dir;
}

describe('svc app check', () => {
  it('passes on a ready App: exit 0, every tile listed, certified and verified', () => {
    const dir = copyFixture('commerce', { withData: true });
    const r = svc(['app', 'check', 'growth'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/overview\/revenue\s+finance.weekly_revenue certified rev 7431e66b75e8\s+pass\s+\[Certified\]/);
    expect(r.stdout).toContain('Trust: Certified: All data certified and verified; 8 of 8 tiles certified');
    expect(r.stdout).toContain('ready to publish');
    const json = svc(['app', 'check', 'growth', '--format', 'json'], dir);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as { ready: boolean; tiles: unknown[] };
    valid(out);
    expect(out.ready).toBe(true);
    expect(out.tiles).toHaveLength(10);
  });

  it('fails on an App that is not ready, naming each blocker', () => {
    const dir = notReady();
    const r = svc(['app', 'check', 'growth', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as {
      ready: boolean;
      blockers: Array<{ code: string; data?: Record<string, unknown> }>;
      tiles: Array<{ tile: string; passes: boolean; blockers: string[] }>;
      trust: { label: string; text?: string };
    };
    valid(out);
    expect(out.ready).toBe(false);
    const named = out.blockers.map((b) => `${b.code}${b.data?.['tile'] !== undefined ? ` ${String(b.data['tile'])}` : ''}`);
    expect(named).toEqual(
      expect.arrayContaining([
        'publication/draft-saved',
        'publication/source-current revenue',
        'publication/source-certified channels',
        'publication/source-exists top_states',
        'publication/filters-bound aov',
        'publication/reviews-closed segments',
      ]),
    );
    expect(
      out.tiles
        .filter((t) => !t.passes)
        .map((t) => t.tile)
        .sort(),
    ).toEqual(['aov', 'channels', 'revenue', 'segments', 'top_states']);
    // A tile's blocker points at the page document that holds the tile and its saved revision.
    const drift = (out.blockers as Array<{ code: string; file?: string; data?: Record<string, unknown> }>).find((b) => b.code === 'publication/source-current');
    expect(drift?.file).toBe('apps/growth/dashboards/overview.svcd');
    expect(out.blockers.find((b) => b.code === 'publication/draft-saved')).toMatchObject({ file: 'apps/growth/svc.app.json' });
    expect(out.trust.text).toBeUndefined();
    const text = svc(['app', 'check', 'growth'], dir);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('What stops publication:');
    expect(text.stdout).toMatch(/not ready to publish: \d+ blockers/);
    expect(text.stdout).toMatch(/overview\/top_states\s+sales.gone \(missing\)\s+FAIL publication\/source-exists/);
  });

  it('exits 2 for an App the project does not have, with schema-valid JSON', () => {
    const r = svc(['app', 'check', 'nope', '--format', 'json'], copyFixture('commerce', { withData: true }));
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout) as { diagnostics: Array<{ code: string; data: { known: string } }> };
    valid(out);
    expect(out.diagnostics[0]).toMatchObject({ code: 'app/not-found', data: { known: 'growth' } });
  });
});
