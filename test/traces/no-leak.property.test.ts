/**
 * Property: whatever secrets, SQL, URLs, local paths and row values an Ask carries in its
 * question, parameters and data (and even when a buggy caller passes them as codes and ids),
 * none of them reaches a byte of the trace store (database, WAL and shared-memory files) or of
 * any export: strict and support bundles, the host sink payload and the OTLP/JSON payload.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBundle, installSalt, type OutboundTrace, toOtlp, traceStorePath } from '../../src/traces/index.js';
import { ASKS } from './ask-shapes.js';
import { cleanup, recorderFor } from './helpers.js';

afterEach(cleanup);

const token = (min: number, max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{${min},${max}}$`));
const word = fc.stringMatching(/^[A-Z][a-z]{3,9}$/);

const secret = fc.oneof(
  token(24, 40).map((t) => `sk-${t}`),
  fc.stringMatching(/^[A-Z0-9]{16}$/).map((t) => `AKIA${t}`),
  token(36, 36).map((t) => `ghp_${t}`),
  token(12, 20).map((t) => `password=${t}`),
  fc.tuple(token(12, 20), token(12, 20)).map(([a, b]) => `eyJ${a}.eyJ${b}.sig`),
);
const sql = fc
  .tuple(word, word, token(8, 12))
  .map(([c, t, lit]) => `SELECT ${c.toLowerCase()}, SUM(amount) FROM ${t.toLowerCase()}_orders WHERE customer = '${lit}' GROUP BY 1`);
const url = fc.tuple(word, token(10, 16)).map(([h, q]) => `https://${h.toLowerCase()}.internal.example.com/api/v1/data?token=${q}`);
const path = fc.oneof(
  fc.tuple(word, word).map(([u, p]) => `/home/${u.toLowerCase()}/projects/${p}/.env`),
  fc.tuple(word, word).map(([u, f]) => `C:\\Users\\${u}\\Documents\\${f}.xlsx`),
);
const rowValue = fc.tuple(word, word, fc.integer({ min: 1000, max: 99999 })).map(([a, b, n]) => `${a} ${b} GmbH ${n}`);
// Four decimals ending in a non-zero digit: a planted amount never reads as a whole number that a
// duration, count or timestamp in the trace could equal by chance.
const amount = fc
  .integer({ min: 1_000_000, max: 99_999_999 })
  .filter((n) => n % 10 !== 0)
  .map((n) => n / 10000);

const plantedAsk = fc.record({
  tier: fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>,
  secret,
  sql,
  url,
  path,
  rowValue,
  amount,
});

function storeBytes(root: string): Buffer {
  const dir = dirname(traceStorePath(root));
  const files = readdirSync(dir).filter((f) => f.startsWith('ask-observability'));
  expect(files).toContain('ask-observability');
  return Buffer.concat(files.map((f) => readFileSync(join(dir, f))));
}

function assertAbsent(haystack: Buffer | string, needles: string[], where: string): void {
  const hay = typeof haystack === 'string' ? Buffer.from(haystack) : haystack;
  for (const needle of needles) {
    expect(hay.includes(Buffer.from(needle)), `${where} holds planted text`).toBe(false);
  }
}

describe('no forbidden content in the store or any export', () => {
  it('holds for Asks with planted secrets, SQL, URLs, paths and row values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plantedAsk, { minLength: 1, maxLength: 4 }), async (asks) => {
        const outbound: OutboundTrace[] = [];
        const { recorder, root } = recorderFor({ sink: (t) => void outbound.push(t) });
        const planted: string[] = [root];
        const traceIds: string[] = [];
        for (const p of asks) {
          const question = `What is ${p.rowValue}'s revenue? key ${p.secret}, see ${p.url}, file ${p.path}, or run ${p.sql}`;
          const answer = ASKS[p.tier](recorder, {
            question,
            params: { customer: p.rowValue, since: p.sql, source: p.url },
            rows: [{ customer: p.rowValue, amount: p.amount, note: p.secret, link: p.url, file: p.path }],
            sql: p.sql,
            misuse: [p.secret, p.sql, p.url, p.path, p.rowValue, String(p.amount)],
          });
          expect(answer.trace.status).toBe('complete');
          traceIds.push(answer.traceId);
          planted.push(question, p.secret, p.sql, p.url, p.path, p.rowValue, String(p.amount));
        }
        await recorder.flush();
        assertAbsent(storeBytes(root), planted, 'the trace store');
        const salt = installSalt(root);
        for (const id of traceIds) {
          const detail = recorder.store.detail(id);
          for (const profile of ['strict', 'support'] as const) {
            const files = buildBundle(detail, { profile, salt, confirmReviewedIdentifiers: true });
            for (const [name, text] of Object.entries(files)) assertAbsent(text, planted, `${profile} ${name}`);
          }
        }
        expect(outbound).toHaveLength(asks.length);
        assertAbsent(JSON.stringify(outbound), planted, 'the sink payload');
        assertAbsent(JSON.stringify(toOtlp(outbound)), planted, 'the OTLP payload');
        await recorder.close();
        assertAbsent(storeBytes(root), planted, 'the checkpointed trace store');
      }),
      { numRuns: 40 },
    );
  });
});
