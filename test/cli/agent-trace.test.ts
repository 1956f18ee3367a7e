/**
 * `svc agent trace list|show|export|validate|replay|compare` end to end: the built executable
 * as a child process against a project whose trace store the recorder filled.
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTraceRecorder, type TraceRecorder, traceStorePath } from '../../src/traces/index.js';
import { svc } from '../helpers/cli.js';
import { CONFIG, cleanupProjects, makeProject } from '../helpers/project.js';
import { askTier1, askTier2, askTier3 } from '../traces/ask-shapes.js';

let project: string;
let recorder: TraceRecorder;
const asks: Array<{ runId: string; traceId: string }> = [];

beforeAll(async () => {
  project = makeProject({ 'svc.config.json': CONFIG });
  recorder = createTraceRecorder({ root: project, otlp: false, onError: () => undefined });
  asks.push(askTier1(recorder, { question: 'What was revenue last week?', runId: 'run-cli-1' }));
  asks.push(askTier2(recorder, { question: 'Orders by state this year?', runId: 'run-cli-2' }));
  asks.push(askTier3(recorder, { question: 'What is the weather on Mars?', runId: 'run-cli-3' }));
  asks.push(askTier1(recorder, { question: 'What was revenue last week?', runId: 'run-cli-4' }));
  await recorder.close();
});
afterAll(cleanupProjects);

const jsonOf = (args: string[], cwd = project) => {
  const r = svc(args, cwd);
  return { ...r, body: r.stdout.trim() === '' ? undefined : JSON.parse(r.stdout) };
};

describe('svc agent trace (child process)', () => {
  it('list --format json prints summaries newest first, opening the store read-only', () => {
    const before = statSync(traceStorePath(project)).mtimeMs;
    const r = jsonOf(['agent', 'trace', 'list', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.body.items.map((s: { runId: string }) => s.runId)).toEqual(['run-cli-4', 'run-cli-3', 'run-cli-2', 'run-cli-1']);
    expect(r.body.items[1]).toMatchObject({ tier: 3, trust: 'refused', refusalCode: 'NO_DATA' });
    const page = jsonOf(['agent', 'trace', 'list', '--format', 'json', '--limit', '3']);
    expect(jsonOf(['agent', 'trace', 'list', '--format', 'json', '--cursor', page.body.nextCursor]).body.items).toHaveLength(1);
    expect(statSync(traceStorePath(project)).mtimeMs).toBe(before);
    expect(svc(['agent', 'trace', 'list', '--limit', '101'], project).code).toBe(2);
  });

  it('show accepts a trace id or a run id; unknown ids are TRACE_NOT_FOUND (exit 1)', () => {
    const byRun = jsonOf(['agent', 'trace', 'show', 'run-cli-1', '--format', 'json']);
    expect(byRun.code).toBe(0);
    expect(byRun.body).toMatchObject({ traceId: asks[0]!.traceId, outcome: { tier: 1, trust: 'certified', block: 'finance.weekly_revenue' } });
    expect(jsonOf(['agent', 'trace', 'show', asks[1]!.traceId, '--format', 'json']).body.outcome.trust).toBe('review_required');
    const text = svc(['agent', 'trace', 'show', 'run-cli-2'], project);
    expect(text.stdout).toContain('provider.call');
    const missing = jsonOf(['agent', 'trace', 'show', 'run-nope', '--format', 'json']);
    expect(missing.code).toBe(1);
    expect(missing.body.error.code).toBe('TRACE_NOT_FOUND');
  });

  it('a project without traces: TRACE_STORE_UNAVAILABLE (exit 1); outside a project: exit 2', () => {
    const empty = makeProject({ 'svc.config.json': CONFIG });
    const r = jsonOf(['agent', 'trace', 'list', '--format', 'json'], empty);
    expect(r.code).toBe(1);
    expect(r.body.error).toMatchObject({ code: 'TRACE_STORE_UNAVAILABLE', reason: 'missing' });
    expect(readdirSync(empty)).toEqual(['svc.config.json']);
    expect(svc(['agent', 'trace', 'list'], makeProject({ 'x.txt': '' })).code).toBe(2);
  });

  it('export strict needs an empty folder and never overwrites; validate passes, then fails on a changed byte', () => {
    const out = join(project, 'bundles', 'strict-1');
    const r = svc(['agent', 'trace', 'export', 'run-cli-1', '--out', out, '--profile', 'strict'], project);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['manifest.json', 'redaction-receipt.json', 'run-receipt.json', 'trace.json']);
    expect(readFileSync(join(out, 'trace.json'), 'utf8')).not.toContain('finance.weekly_revenue');
    const manifest = readFileSync(join(out, 'manifest.json'));
    const again = svc(['agent', 'trace', 'export', 'run-cli-2', '--out', out, '--profile', 'strict'], project);
    expect(again.code).toBe(2);
    expect(readFileSync(join(out, 'manifest.json'))).toEqual(manifest);
    expect(svc(['agent', 'trace', 'validate', out], project)).toMatchObject({ code: 0 });
    const tampered = readFileSync(join(out, 'run-receipt.json'), 'utf8').replace('"tier": 1', '"tier": 2');
    writeFileSync(join(out, 'run-receipt.json'), tampered);
    const v = jsonOf(['agent', 'trace', 'validate', out, '--format', 'json']);
    expect(v.code).toBe(1);
    expect(v.body.findings).toContainEqual(expect.objectContaining({ code: 'TRACE_BUNDLE_INVALID', check: 'checksum', file: 'run-receipt.json' }));
  });

  it('export support requires --confirm-reviewed-identifiers and takes the question from the command line only', () => {
    const out = join(project, 'bundles', 'support-1');
    expect(svc(['agent', 'trace', 'export', 'run-cli-2', '--out', out, '--profile', 'support'], project).code).toBe(2);
    const r = svc(
      [
        'agent',
        'trace',
        'export',
        'run-cli-2',
        '--out',
        out,
        '--profile',
        'support',
        '--confirm-reviewed-identifiers',
        '--question',
        'Orders by state this year?',
      ],
      project,
    );
    expect(r.code).toBe(0);
    const receipt = JSON.parse(readFileSync(join(out, 'run-receipt.json'), 'utf8'));
    expect(receipt).toMatchObject({
      runId: 'run-cli-2',
      reviewedQuestion: 'Orders by state this year?',
      questionFingerprint: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/),
    });
    expect(JSON.parse(readFileSync(join(out, 'redaction-receipt.json'), 'utf8')).questionMatchesTrace).toBe(true);
    const leaky = join(project, 'bundles', 'support-2');
    const bad = jsonOf([
      'agent',
      'trace',
      'export',
      'run-cli-2',
      '--out',
      leaky,
      '--profile',
      'support',
      '--confirm-reviewed-identifiers',
      '--question',
      'SELECT * FROM orders',
      '--format',
      'json',
    ]);
    expect(bad.code).toBe(1);
    expect(bad.body.error.code).toBe('TRACE_EXPORT_REDACTION_FAILED');
    expect(bad.stdout).not.toContain('SELECT');
    expect(existsSync(leaky)).toBe(false);
  });

  it('replay --mode receipt validates offline: outside any project, with an OTLP endpoint set, nothing is contacted', async () => {
    const out = join(project, 'bundles', 'replay-1');
    expect(svc(['agent', 'trace', 'export', 'run-cli-3', '--out', out], project).code).toBe(0);
    let contacted = 0;
    const server: Server = createServer((_req, res) => {
      contacted++;
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const elsewhere = makeProject({ 'readme.txt': 'no project here' });
    const r = svc(['agent', 'trace', 'replay', out, '--mode', 'receipt', '--format', 'json'], elsewhere, {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      HTTP_PROXY: endpoint,
      HTTPS_PROXY: endpoint,
    });
    await new Promise((r2) => server.close(r2));
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body).toMatchObject({ mode: 'receipt', valid: true, receipt: { tier: 3, trust: 'refused', refusalCode: 'NO_DATA' } });
    expect(body.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect(contacted).toBe(0);
    expect(readdirSync(elsewhere)).toEqual(['readme.txt']);
    // One mode exists: it is the default, and any other value is a usage error naming it.
    expect(svc(['agent', 'trace', 'replay', out], elsewhere).code).toBe(0);
    const other = svc(['agent', 'trace', 'replay', out, '--mode', 'compare'], elsewhere);
    expect(other.code).toBe(2);
    expect(other.stdout + other.stderr).toContain('receipt');
  });

  it('compare contrasts structure and timing of two runs or two bundles, never prose', () => {
    const same = jsonOf(['agent', 'trace', 'compare', 'run-cli-1', 'run-cli-4', '--mode', 'compare', '--format', 'json']);
    expect(same.code).toBe(0);
    expect(same.body).toMatchObject({ mode: 'compare', same: true });
    const diff = jsonOf(['agent', 'trace', 'compare', 'run-cli-1', 'run-cli-2', '--mode', 'compare', '--format', 'json']);
    expect(diff.body).toMatchObject({ same: false, trust: { equal: false, left: { tier: 1 }, right: { tier: 2 } }, attempts: { equal: false } });
    expect(diff.stdout).not.toMatch(/revenue last week|Orders by state/);
    const a = join(project, 'bundles', 'cmp-a');
    const b = join(project, 'bundles', 'cmp-b');
    mkdirSync(a, { recursive: true });
    svc(['agent', 'trace', 'export', 'run-cli-1', '--out', a], project);
    svc(['agent', 'trace', 'export', 'run-cli-4', '--out', b], project);
    const bundles = svc(['agent', 'trace', 'compare', a, b], project);
    expect(bundles.code).toBe(0);
    expect(bundles.stdout).toContain('Same structure.');
    // One mode exists: it is the default; another value is a usage error naming the mode.
    expect(svc(['agent', 'trace', 'compare', 'run-cli-1', 'run-cli-2'], project).code).toBe(0);
    const other = svc(['agent', 'trace', 'compare', 'run-cli-1', 'run-cli-2', '--mode', 'receipt'], project);
    expect(other.code).toBe(2);
    expect(other.stdout + other.stderr).toContain('compare');
  });
});
