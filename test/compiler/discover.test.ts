import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverApps, discoverBlockFiles } from '../../src/compiler/project/discover.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

describe('discoverBlockFiles', () => {
  it('finds both layouts and drafts folders, sorted', () => {
    const dir = makeProject({
      'domains/sales/blocks/b.svc': '',
      'domains/sales/blocks/a.svc': '',
      'domains/sales/blocks/_drafts/d.svc': '',
      'domains/sales/blocks/notes.md': '',
      'domains/sales/blocks/.hidden/x.svc': '',
      'blocks/finance/r.svc': '',
      'blocks/_drafts/q.svc': '',
      'other/z.svc': '',
    });
    const { files, diagnostics } = discoverBlockFiles(dir);
    expect(diagnostics).toEqual([]);
    expect(files.map(({ abs: _abs, ...f }) => f)).toEqual([
      { path: 'blocks/_drafts/q.svc', layout: 'legacy', inDrafts: true },
      { path: 'blocks/finance/r.svc', layout: 'legacy', folderDomain: 'finance', inDrafts: false },
      { path: 'domains/sales/blocks/_drafts/d.svc', layout: 'domain', folderDomain: 'sales', inDrafts: true },
      { path: 'domains/sales/blocks/a.svc', layout: 'domain', folderDomain: 'sales', inDrafts: false },
      { path: 'domains/sales/blocks/b.svc', layout: 'domain', folderDomain: 'sales', inDrafts: false },
    ]);
  });

  it('reports a symlink loop once and still finds the files', () => {
    const dir = makeProject({ 'domains/sales/blocks/a.svc': '' });
    symlinkSync(join(dir, 'domains/sales/blocks'), join(dir, 'domains/sales/blocks/loop'));
    const { files, diagnostics } = discoverBlockFiles(dir);
    expect(files.map((f) => f.path)).toEqual(['domains/sales/blocks/a.svc']);
    expect(diagnostics.map((d) => [d.code, d.file])).toEqual([['file/symlink-loop', 'domains/sales/blocks/loop']]);
  });

  it('returns nothing for an empty project', () => {
    expect(discoverBlockFiles(makeProject({})).files).toEqual([]);
  });

  it('lists apps with an svc.app.json', () => {
    const dir = makeProject({ 'apps/growth/svc.app.json': '{}', 'apps/empty/readme.md': '' });
    expect(discoverApps(dir)).toEqual(['apps/growth/svc.app.json']);
  });
});
