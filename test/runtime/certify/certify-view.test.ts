/**
 * `svc certify --view` (a real child process on a copy of the commerce fixture): writes a receipt
 * only for a view with an owner whose blocks and terms are all certified, keeps the file's
 * comments, and refuses with the member at fault (at its line and column) writing nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileProject } from '../../../src/compiler/pipeline/compile-project.js';
import { VIEWS_FILE } from '../../../src/compiler/project/views.js';
import type { Manifest } from '../../../src/compiler/types.js';
import { svc } from '../../helpers/cli.js';
import { cleanupProjects, copyFixture } from '../../helpers/project.js';

afterAll(cleanupProjects);

interface Printed {
  ok: boolean;
  view: string;
  diagnostics: Array<{ code: string; rule?: string; span?: { start: { line: number } }; data?: Record<string, string> }>;
  receipt?: { sourceSha256: string; via: string; certifiedBy: string };
  written: string[];
}

/** A commerce copy with its views file edited, and `svc certify --view <id> --format json` run on it. */
function certify(id: string, edit: (text: string) => string = (t) => t): { dir: string; code: number; out: Printed; before: string } {
  const dir = copyFixture('commerce');
  const path = join(dir, VIEWS_FILE);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
  const before = readFileSync(path, 'utf8');
  const r = svc(['certify', '--view', id, '--format', 'json'], dir, {
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: 'user.email',
    GIT_CONFIG_VALUE_0: 'analyst@acme.test',
  });
  return { dir, code: r.code, out: JSON.parse(r.stdout) as Printed, before };
}

const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('svc certify --view', () => {
  it.each<[string, string, (t: string) => string, string, string]>([
    ['a view holding a block the gate does not serve', 'customers.customer_health', (t) => t, 'certify/view-member', '- customers.churn_risk'],
    [
      'a view holding a term that is not certified',
      'customers.customer_health',
      (t) => t.replace('      - customers.churn_risk\n', '').replace('      - customers.customer_segment', '      - sales.cancelled_order'),
      'certify/view-member',
      '- sales.cancelled_order',
    ],
    [
      'a view holding an id that is no block',
      'customers.customer_health',
      (t) => t.replace('      - customers.churn_risk', '      - customers.nothing'),
      'certify/view-member',
      '- customers.nothing',
    ],
    [
      'a view without an owner',
      'customers.customer_health',
      (t) => t.replace('      - customers.churn_risk\n', '').replace('    owner: customer-insights@acme.test\n', ''),
      'gate/view-owner',
      '',
    ],
  ])('refuses %s, writing nothing', (_name, id, edit, code, at) => {
    const { dir, code: exit, out, before } = certify(id, edit);
    expect(exit).toBe(1);
    expect(out).toMatchObject({ ok: false, view: id, written: [] });
    expect(out.diagnostics.map((d) => d.code)).toEqual([code]);
    if (at !== '') expect(out.diagnostics[0]?.span?.start.line).toBe(lineOf(before, at));
    expect(readFileSync(join(dir, VIEWS_FILE), 'utf8')).toBe(before);
  });

  it('names the kind and the state of the member at fault', () => {
    const { out } = certify('customers.customer_health');
    expect(out.diagnostics[0]?.data).toMatchObject({
      view: 'customers.customer_health',
      kind: 'block',
      member: 'customers.churn_risk',
      state: 'not certified',
    });
  });

  it('refuses an unknown view (exit 2)', () => {
    const { code, out } = certify('sales.nothing');
    expect(code).toBe(2);
    expect(out.diagnostics.map((d) => d.code)).toEqual(['certify/view-not-found']);
  });

  it("certifies a view, keeping the file's comments, and compile then proves it", () => {
    const { dir, code, out } = certify('customers.customer_health', (t) => t.replace('      - customers.churn_risk\n', ''));
    expect(code).toBe(0);
    expect(out).toMatchObject({ ok: true, written: [VIEWS_FILE], receipt: { via: 'cli', certifiedBy: 'analyst@acme.test' } });
    const text = readFileSync(join(dir, VIEWS_FILE), 'utf8');
    expect(text).toContain('# Business views of the commerce project');
    const compiled = JSON.parse(compileProject({ project: dir, cache: false }).text ?? '{}') as Manifest;
    expect(compiled.views['customers.customer_health']).toMatchObject({
      status: 'certified',
      effectiveStatus: 'certified',
      receipt: 'valid',
      sourceSha256: out.receipt?.sourceSha256,
    });
    expect(compiled.views['finance.revenue_reporting']?.receipt).toBe('valid');
  });

  it('certifies again a view whose receipt went stale, and the new receipt is current', () => {
    const { dir, code } = certify('finance.revenue_reporting', (t) => t.replace('every week and month', 'every week'));
    expect(code).toBe(0);
    const compiled = JSON.parse(compileProject({ project: dir, cache: false }).text ?? '{}') as Manifest;
    expect(compiled.views['finance.revenue_reporting']).toMatchObject({ effectiveStatus: 'certified', receipt: 'valid' });
  });
});
