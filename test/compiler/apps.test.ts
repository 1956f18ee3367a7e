/**
 * readApp: an App document, or one of its page documents, that is not JSON or does not match
 * its schema is `app/invalid` with the JSON pointer of the problem; the App is then left out.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readApp } from '../../src/compiler/project/apps.js';
import { cleanupProjects, makeProject } from '../helpers/project.js';

afterAll(cleanupProjects);

const APP = 'apps/growth/svc.app.json';
const app = (pages: unknown) => JSON.stringify({ id: 'growth', title: 'Growth', pages });

function read(files: Record<string, string>) {
  return readApp(makeProject(files), APP, new Set(['sales.orders']));
}

describe('readApp', () => {
  it('reports an App document that is not JSON at the root pointer', () => {
    const r = read({ [APP]: '{ "id": "growth", ' });
    expect(r.app).toBeUndefined();
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'app/invalid', severity: 'error', file: APP, data: expect.objectContaining({ pointer: '/' }) }),
    ]);
  });

  it('reports an App document that does not match its schema, with the pointer of the value', () => {
    const r = read({ [APP]: app([{ id: 'overview', dashboard: 42 }]) });
    expect(r.app).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.file, d.data?.['pointer']])).toContainEqual(['app/invalid', APP, '/pages/0/dashboard']);
  });

  it('reports a page document that does not match its schema, and keeps the App without it', () => {
    const r = read({ [APP]: app([{ id: 'overview', dashboard: 'dashboards/overview.svcd' }]), 'apps/growth/dashboards/overview.svcd': '{ "tiles": "none" }' });
    expect(r.diagnostics.map((d) => [d.code, d.file])).toContainEqual(['app/invalid', 'apps/growth/dashboards/overview.svcd']);
    expect(r.app?.pages ?? []).toEqual([]);
  });
});
