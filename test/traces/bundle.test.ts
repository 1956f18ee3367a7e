import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sealManifest, sha256 } from '../../src/traces/bundle-format.js';
import { buildBundle, installSalt, keyedFingerprint, replayReceipt, TraceError, validateBundle, writeBundle } from '../../src/traces/index.js';
import { askTier1, askTier2, askTier3 } from './ask-shapes.js';
import { cleanup, recorderFor, tempRoot } from './helpers.js';

afterEach(cleanup);

const FILES = ['manifest.json', 'redaction-receipt.json', 'run-receipt.json', 'trace.json'];

function exported(profile: 'strict' | 'support' = 'strict', extra: { reviewedQuestion?: string } = {}) {
  const { recorder, root } = recorderFor();
  const answer = askTier1(recorder, { question: 'What was revenue last week?', runId: 'run-bundle-1' });
  const salt = installSalt(root);
  const texts = buildBundle(recorder.store.detail(answer.traceId), { profile, salt, confirmReviewedIdentifiers: true, ...extra });
  const dir = join(tempRoot(), 'bundle');
  writeBundle(dir, texts);
  return { dir, texts, salt, answer, recorder, root };
}

function thrown(fn: () => unknown): TraceError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TraceError) return e;
    throw e;
  }
  throw new Error('expected a TraceError');
}

describe('portable bundles', () => {
  it('writes four checksum-bound files that validate', () => {
    const { dir } = exported();
    expect(readdirSync(dir).sort()).toEqual(FILES);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'svc.trace-bundle', version: 1, profile: 'strict' });
    expect(manifest.files.map((f: { name: string }) => f.name)).toEqual(['trace.json', 'run-receipt.json', 'redaction-receipt.json']);
    expect(validateBundle(dir)).toMatchObject({ valid: true, findings: [], profile: 'strict' });
  });

  it('fails validation when any single byte of any file changes', () => {
    for (const file of FILES) {
      const { dir } = exported();
      const path = join(dir, file);
      const bytes = readFileSync(path);
      const at = Math.floor(bytes.length / 2);
      bytes[at] = bytes[at] === 0x30 ? 0x31 : 0x30;
      writeFileSync(path, bytes);
      const v = validateBundle(dir);
      expect(v.valid, file).toBe(false);
      expect(
        v.findings.some((f) => f.check === 'checksum' || f.check === 'json'),
        file,
      ).toBe(true);
    }
  });

  it('fails validation on a missing or an extra file', () => {
    const { dir } = exported();
    writeFileSync(join(dir, 'notes.txt'), 'hello');
    expect(validateBundle(dir).findings.map((f) => f.check)).toContain('unexpected-file');
    const other = exported().dir;
    writeFileSync(join(other, 'trace.json'), '');
    expect(validateBundle(other).valid).toBe(false);
  });

  it('strict pseudonymises every identifier and drops the question fingerprint', () => {
    const { texts, answer } = exported('strict');
    const all = Object.values(texts).join('\n');
    for (const id of [
      answer.traceId,
      answer.traceId.slice(3),
      answer.runId,
      'finance.weekly_revenue',
      'finance',
      'weekly_revenue',
      'Revenue',
      'sales.orders_by_state',
      'week_start',
      '"sha256:',
    ]) {
      expect(all.includes(id), id).toBe(false);
    }
    const trace = JSON.parse(texts['trace.json']);
    expect(trace.outcome.block).toMatch(/^d_[0-9a-f]{10}\.b_[0-9a-f]{16}$/);
    expect(trace.outcome.contract).toMatch(/^d_[0-9a-f]{10}\.e_[0-9a-f]{10}\.c_[0-9a-f]{16}@1$/);
    expect(trace.traceId).toMatch(/^tr_[0-9a-f]{32}$/);
    expect(trace.candidates[0].id.split('.')[0]).toBe(trace.candidates[1].id.split('.')[0]);
    expect(trace.fingerprints).toEqual({});
    expect(trace.candidates[0]).toMatchObject({ matched: ['measure=column', 'period=column'], unmatched: ['filter'] });
    expect(trace.candidates.map((c: { role: string }) => c.role)).toEqual(['answer', 'alternative', 'refused']);
    expect(JSON.parse(texts['redaction-receipt.json'])).toMatchObject({
      identifiers: 'pseudonymised',
      pseudonymised: { traces: 1, runs: 1, domains: 2, blocks: 3, contracts: 1 },
      questionFingerprint: 'omitted',
    });
  });

  it('support needs --confirm-reviewed-identifiers and takes the question only as reviewed input', () => {
    const { recorder, root } = recorderFor();
    const a = askTier2(recorder, { question: 'Orders by state this year?' });
    const detail = recorder.store.detail(a.traceId);
    const salt = installSalt(root);
    expect(thrown(() => buildBundle(detail, { profile: 'support', salt })).code).toBe('TRACE_REQUEST_INVALID');
    const plain = JSON.parse(buildBundle(detail, { profile: 'support', salt, confirmReviewedIdentifiers: true })['run-receipt.json']);
    expect(plain.reviewedQuestion).toBeUndefined();
    expect(plain.runId).toBe(a.runId);
    const texts = buildBundle(detail, { profile: 'support', salt, confirmReviewedIdentifiers: true, reviewedQuestion: 'Orders by state this year?' });
    const receipt = JSON.parse(texts['run-receipt.json']);
    expect(receipt).toMatchObject({
      reviewedQuestion: 'Orders by state this year?',
      questionFingerprint: keyedFingerprint(salt, 'Orders by state this year?'),
    });
    expect(JSON.parse(texts['redaction-receipt.json'])).toMatchObject({
      identifiers: 'reviewed',
      reviewedQuestion: 'command-line',
      questionMatchesTrace: true,
    });
    expect(texts['trace.json']).not.toContain('"sha256:');
  });

  it('both profiles fail with TRACE_EXPORT_REDACTION_FAILED when the canary trips, writing nothing', () => {
    const { recorder, root } = recorderFor();
    const a = askTier1(recorder, { question: 'q' });
    const detail = recorder.store.detail(a.traceId);
    const salt = installSalt(root);
    for (const q of ['SELECT * FROM orders', 'see https://x.example.com', 'key sk-abcdefghijklmnop1234', 'in /home/alice/data']) {
      const err = thrown(() => buildBundle(detail, { profile: 'support', salt, confirmReviewedIdentifiers: true, reviewedQuestion: q }));
      expect(err.code).toBe('TRACE_EXPORT_REDACTION_FAILED');
      expect(JSON.stringify(err.data)).not.toContain(q);
    }
    const poisoned = { ...detail, candidates: [{ id: 'finance.x', role: 'answer', reasonCode: 'SELECT secret FROM vault' }] };
    expect(thrown(() => buildBundle(poisoned, { profile: 'strict', salt })).code).toBe('TRACE_EXPORT_REDACTION_FAILED');
  });

  it('never writes into a folder that is not empty', () => {
    const { texts, dir } = exported();
    expect(thrown(() => writeBundle(dir, texts)).code).toBe('TRACE_REQUEST_INVALID');
    const busy = join(tempRoot(), 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'mine');
    expect(thrown(() => writeBundle(busy, texts)).code).toBe('TRACE_REQUEST_INVALID');
    expect(readdirSync(busy)).toEqual(['keep.txt']);
  });

  it('replays a receipt offline: every check passes for Tier 1, 2 and 3', () => {
    const { recorder, root } = recorderFor();
    const salt = installSalt(root);
    for (const ask of [askTier1, askTier2, askTier3]) {
      const a = ask(recorder, { question: 'q' });
      const dir = join(tempRoot(), 'b');
      writeBundle(dir, buildBundle(recorder.store.detail(a.traceId), { profile: 'strict', salt }));
      const r = replayReceipt(dir);
      expect(r.checks.filter((c) => !c.ok)).toEqual([]);
      expect(r).toMatchObject({ mode: 'receipt', valid: true, receipt: { tier: a.tier, trust: a.trust } });
    }
  });

  it('replay catches a re-sealed bundle whose receipt contradicts its trace', () => {
    const { dir, texts } = exported();
    const receipt = JSON.parse(texts['run-receipt.json']);
    receipt.tier = 2;
    const forged = `${JSON.stringify(receipt, null, 2)}\n`;
    const manifest = JSON.parse(texts['manifest.json']);
    manifest.files = manifest.files.map((f: { name: string }) =>
      f.name === 'run-receipt.json' ? { ...f, sha256: sha256(forged), bytes: Buffer.byteLength(forged) } : f,
    );
    delete manifest.manifestSha256;
    writeFileSync(join(dir, 'run-receipt.json'), forged);
    writeFileSync(join(dir, 'manifest.json'), sealManifest(manifest));
    expect(validateBundle(dir).valid).toBe(true);
    const r = replayReceipt(dir);
    expect(r.valid).toBe(false);
    expect(r.checks.find((c) => c.id === 'outcome-matches')?.ok).toBe(false);
    expect(existsSync(join(dir, 'manifest.json'))).toBe(true);
  });
});
