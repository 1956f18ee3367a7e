/**
 * Every local store the README's table of caps names has a test that fills it past its cap and
 * sees the sweep bring it back, or is bounded by the project itself (one file per App, block,
 * source file or project: its count column says "one ... per"). A row added to the table without
 * either fails here, as does a test named here that no longer exists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');

/** Store (the table's first column, up to its first parenthesis) -> the test file and the title of the test that enforces its cap. */
const ENFORCED: Record<string, [file: string, title: string]> = {
  'Ask traces, detailed': ['test/traces/retention.test.ts', 'keeps the newest detailed traces'],
  'Ask traces, summaries': ['test/traces/retention.test.ts', 'expires detail after 30 days and summaries after 180 days'],
  'Answer facts': ['test/hooks/stores/store-caps.test.ts', 'answer facts: the newest rows within the count'],
  'Threads and their runs': ['test/hooks/stores/store-caps.test.ts', 'thread runs: the newest runs within the count'],
  Feedback: ['test/hooks/stores/store-caps.test.ts', 'feedback: past its size the file is set aside'],
  'Page editions': ['test/hooks/stores/store-caps.test.ts', 'page editions: the newest 50 per page'],
  'Home state': ['test/hooks/stores/store-caps.test.ts', 'home state: the newest 8 runs per page per person'],
  'Schedule digests': ['test/hooks/stores/folder-store-caps.test.ts', 'the newest 50 digests stay'],
  'Schedule run history': ['test/hooks/stores/folder-store-caps.test.ts', 'keeps the newest, newest last'],
  'App builds': ['test/hooks/stores/folder-store-caps.test.ts', "the newest 100 of an owner's builds stay"],
  'App build revisions': ['test/hooks/stores/folder-store-caps.test.ts', 'the newest 50 revisions of a build stay'],
  'Autopilot review artifacts': ['test/hooks/stores/folder-store-caps.test.ts', 'the newest 100 Autopilot artifacts of a build stay'],
  'Manifest log': ['test/compiler/pipeline/delta-compile.property.test.ts', 'at its cap (8 MiB)'],
};

interface Row {
  store: string;
  count: string;
}

/** The rows of the README's "Local stores: caps and retention" table. */
function rows(): Row[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Local stores: caps and retention'));
  const table = section.slice(section.indexOf('| Store |'), section.indexOf('\n\n', section.indexOf('| Store |')));
  return table
    .split('\n')
    .slice(2)
    .map((line) => line.split('|').map((c) => c.trim()))
    .map((cells) => ({ store: (cells[1] ?? '').replace(/\s*\(.*$/, ''), count: cells[3] ?? '' }));
}

describe('every store in the README table of caps', () => {
  const found = rows();

  it('the table is found and lists the stores', () => {
    expect(found.length).toBeGreaterThan(10);
  });

  it.each(found.map((r) => [r.store, r] as const))('%s: has a test that enforces its cap, or is one file per thing the project has', (_store, row) => {
    const enforced = ENFORCED[row.store];
    if (enforced === undefined) {
      expect(row.count).toMatch(/^one (file |entry )?per /);
      return;
    }
    const [file, title] = enforced;
    expect(readFileSync(join(REPO, file), 'utf8')).toContain(title);
  });

  it('every store named here is still in the table', () => {
    const listed = new Set(found.map((r) => r.store));
    for (const store of Object.keys(ENFORCED)) expect(listed).toContain(store);
  });
});
