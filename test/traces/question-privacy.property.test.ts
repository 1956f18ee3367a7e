/**
 * A trace never holds a question in any form (spec 01). Questions with planted words and an
 * e-mail address go through a real server with a loopback model: each Tier-2 answer saves a
 * draft named from its question, and later Asks list such drafts as candidates. The planted
 * text must then be absent from the trace store's bytes, the trace API, `svc agent trace show`
 * and the OTLP bodies a loopback collector receives. The draft file keeps the question (it is
 * the review artifact) with the address masked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalServer } from '../../src/index.js';
import { svc } from '../helpers/cli.js';
import { cleanupProjects } from '../helpers/project.js';
import { ask, askProject, files, KEY_ENV, serve, TEST_KEY } from '../runtime/agent-runs/ask-helpers.js';
import { type FakeOpenAi, sqlReply, startFakeOpenAi } from '../runtime/helpers/fake-openai.js';

let fake: FakeOpenAi;
let collector: Server;
const received: string[] = [];
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
  process.env[KEY_ENV] = TEST_KEY;
  process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});

afterAll(async () => {
  process.env = saved;
  await fake.close();
  await new Promise<void>((done) => collector.close(() => done()));
  cleanupProjects();
});

function storeBytes(root: string): string {
  const dir = join(root, '.svc/local');
  return readdirSync(dir)
    .filter((f) => f.startsWith('ask-observability'))
    .map((f) => readFileSync(join(dir, f)).toString('latin1'))
    .join('');
}

/** Words no hex digest, code or id of the fixture can hold by chance: letters after `f` only. */
const word = fc.stringMatching(/^[g-z]{9,12}$/);
let runs = 0;

describe('questions never reach a trace', () => {
  let root: string;
  let server: LocalServer;
  beforeAll(async () => {
    root = await askProject(fake.baseUrl);
    server = await serve(root);
  });
  afterAll(() => server.close());

  it('in the store, the API, the command line or OTLP, even as draft names', async () => {
    await fc.assert(
      fc.asyncProperty(word, word, async (a, b) => {
        const email = `${a}.${b}@example.com`;
        const planted = [a, b, email, `${a}_${b}`];
        // A new statement each time, so each question saves a draft of its own.
        runs++;
        fake.script(sqlReply(`SELECT COUNT(*) AS n FROM payments WHERE ${runs} = ${runs}`));
        const first = await ask(server, { question: `How many payments did ${a} ${b} make?` });
        expect(first.body).toMatchObject({ tier: 2 });
        // A question naming someone's e-mail address is refused before any model call; its trace keeps no address either.
        const named = await ask(server, { question: `How many payments did ${email} make?` });
        expect(named.body).toMatchObject({ tier: 3 });
        fake.script(sqlReply(`SELECT COUNT(*) AS n FROM payments WHERE ${runs} + 1 > 0`));
        const second = await ask(server, { question: `How many payments did ${a} make?` });
        expect(second.body.tier).toBeGreaterThanOrEqual(2);
        await new Promise((done) => setTimeout(done, 50));
        const api = await Promise.all(
          [first, second, named].map(async (r) => JSON.stringify(await (await fetch(`${server.url}/api/ask-traces/by-run/${r.body.runId}`)).json())),
        );
        api.push(JSON.stringify(await (await fetch(`${server.url}/api/ask-traces?limit=100`)).json()));
        const shown = svc(['agent', 'trace', 'show', String(second.body.traceId), '--format', 'json'], root);
        expect(shown.code).toBe(0);
        const places = { store: storeBytes(root), api: api.join('\n'), cli: shown.stdout, otlp: received.join('\n') };
        for (const [place, text] of Object.entries(places)) {
          for (const p of planted) expect(text.includes(p), `${place} holds planted text`).toBe(false);
        }
        const drafts = Object.entries(files(root)).filter(([path]) => path.includes('_drafts/') && path.endsWith('.svc'));
        const mine = drafts.find(([, text]) => text.includes(a) && text.includes(b));
        expect(mine, 'the draft keeps its question').toBeDefined();
      }),
      { numRuns: 4 },
    );
  });
});
