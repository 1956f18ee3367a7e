/**
 * No guessable fingerprints (issue 27): the question fingerprint a trace keeps is an HMAC under
 * the project's own key (generated once in the git-ignored `.svc/local/private/trace-salt`),
 * never a bare SHA-256 a guessed question could be checked against offline. Two hosted projects
 * over real HTTP, the same question asked in each: the stored fingerprints differ between the
 * projects, while the same question asked again in one project (by another person, in other
 * spacing and case) keeps the same fingerprint, so traces still group repeated questions.
 */
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { normaliseQuestion } from '../../src/traces/content.js';
import { hostedCommerce } from '../helpers/hosted-commerce.js';
import { cleanupProjects } from '../helpers/project.js';

const hosted = hostedCommerce();
afterAll(async () => {
  await hosted.closeAll();
  cleanupProjects();
});

const QUESTION = 'Top 5 states by revenue';

/** Asks as `user` on `url`, then reads the stored fingerprint of the run's trace. */
async function fingerprintOf(url: string, user: string, question: string): Promise<string | undefined> {
  const headers = { 'content-type': 'application/json', 'x-user': user };
  const run = (await (await fetch(`${url}/api/agent-runs`, { method: 'POST', headers, body: JSON.stringify({ question }) })).json()) as { traceId: string };
  const trace = (await (await fetch(`${url}/api/ask-traces/${run.traceId}`, { headers })).json()) as { fingerprints: { question?: string } };
  return trace.fingerprints.question;
}

describe('question fingerprints are keyed per project', () => {
  it('differ between two projects for the same question and group repeats within one', async () => {
    const a = await hosted.start();
    const b = await hosted.start();
    const inA = await fingerprintOf(a.server.url, 'ada', QUESTION);
    const againInA = await fingerprintOf(a.server.url, 'bob', `  ${QUESTION.toUpperCase()}  `);
    const inB = await fingerprintOf(b.server.url, 'ada', QUESTION);

    expect(inA).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(againInA).toBe(inA);
    expect(inB).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect(inB).not.toBe(inA);

    const bare = createHash('sha256').update(normaliseQuestion(QUESTION)).digest('hex');
    for (const stored of [inA, inB]) expect(stored).not.toContain(bare);
    // Keyed with the project's own key, kept outside git under .svc/local/private.
    const key = readFileSync(join(a.root, '.svc/local/private/trace-salt'), 'utf8').trim();
    expect(inA).toBe(`hmac-sha256:${createHmac('sha256', key).update(normaliseQuestion(QUESTION)).digest('hex')}`);
  });
});
