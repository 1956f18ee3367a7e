/**
 * Soak of `svc serve` (not part of npm test or npm run bench; minutes long): a temporary copy of the
 * commerce fixture is served by a real `svc serve` child process, 20,000 Asks go to
 * POST /api/agent-runs (the example questions of the fixture's certified blocks, in turn, over a
 * few keep-alive connections), and every 1,000 Asks the server's resident memory (VmRSS from
 * /proc/<pid>/status) and the size of the copy's `.svc/` folder are sampled. Prints one table,
 * then whether RSS stayed within 5% from 5,000 Asks on, and whether `.svc/` stopped growing.
 *
 * Usage: node bench/soak.mjs [--asks 20000] [--every 1000] [--connections 8] (after npm run build).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectCopy } from './ask-throughput.mjs';

const { values: flags } = parseArgs({
  options: { asks: { type: 'string', default: '20000' }, every: { type: 'string', default: '1000' }, connections: { type: 'string', default: '8' } },
});
const ASKS = Number(flags.asks);
const EVERY = Number(flags.every);
const CONNECTIONS = Number(flags.connections);
const repo = new URL('..', import.meta.url).pathname;

/** Starts `svc serve` on `dir`; resolves with the child and the URL it prints. */
function serve(dir) {
  const child = spawn(process.execPath, [join(repo, 'dist/src/svc.js'), 'serve', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c) => {
      out += c;
      if (out.includes('\n')) done({ child, url: out.slice(0, out.indexOf('\n')) });
    });
    child.once('exit', (code) => fail(new Error(`svc serve exited (${code}) before printing its URL`)));
  });
}

/** The example questions of the served manifest's certified blocks (drafts left out) that the server answers at Tier 1. */
async function certifiedQuestions(dir, agent, url) {
  const manifest = JSON.parse(readFileSync(join(dir, 'svc-manifest.json'), 'utf8'));
  const blocks = Object.values(manifest.blocks).filter((b) => b.status === 'certified' && b.inDrafts !== true);
  const examples = blocks.flatMap((b) => (b.examples ?? []).map((e) => e.question)).filter((q) => typeof q === 'string' && q.trim() !== '');
  const tiers = await Promise.all(examples.map((q) => ask(agent, url, q)));
  return { questions: examples.filter((_, i) => tiers[i] === 1), examples: examples.length };
}

function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/** Every file under `dir` with its size, largest first. */
function files(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), `${prefix}${e.name}/`) : [[`${prefix}${e.name}`, statSync(join(dir, e.name)).size]]))
    .sort((a, b) => b[1] - a[1]);
}

function folderBytes(dir) {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    total += e.isDirectory() ? folderBytes(p) : statSync(p).size;
  }
  return total;
}

/** One Ask over `agent`; resolves with its tier (0 when it failed). */
function ask(agent, url, question) {
  const body = JSON.stringify({ question });
  return new Promise((done) => {
    const req = http.request(
      `${url}/api/agent-runs`,
      { agent, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => done(res.statusCode === 200 ? JSON.parse(Buffer.concat(chunks).toString('utf8')).tier : 0));
      },
    );
    req.on('error', () => done(0));
    req.end(body);
  });
}

/** Sends asks `from`..`to` over CONNECTIONS loops; counts tiers. */
async function batch(agent, url, questions, from, to, tiers) {
  let next = from;
  const loop = async () => {
    while (next < to) {
      const n = next++;
      const tier = await ask(agent, url, questions[n % questions.length]);
      tiers[tier] = (tiers[tier] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
}

const dir = await projectCopy();
const { child, url } = await serve(dir);
try {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const { questions, examples } = await certifiedQuestions(dir, agent, url);
  const rows = [{ asks: 0, rss: rssMiB(child.pid), svc: folderBytes(join(dir, '.svc')), rate: 0 }];
  const tiers = {};
  console.log(
    `svc serve pid ${child.pid}, ${questions.length} of ${examples} certified blocks' example questions answered at Tier 1, ${CONNECTIONS} connections`,
  );
  for (let done = 0; done < ASKS; done += EVERY) {
    const started = performance.now();
    await batch(agent, url, questions, done, Math.min(ASKS, done + EVERY), tiers);
    const rate = (Math.min(EVERY, ASKS - done) * 1000) / (performance.now() - started);
    rows.push({ asks: Math.min(ASKS, done + EVERY), rss: rssMiB(child.pid), svc: folderBytes(join(dir, '.svc')), rate });
    const r = rows[rows.length - 1];
    process.stderr.write(`  ${r.asks} Asks: RSS ${r.rss.toFixed(1)} MiB, .svc ${(r.svc / 1024).toFixed(0)} KiB, ${r.rate.toFixed(0)} Asks/s\n`);
  }
  agent.destroy();
  console.log('\n| Asks | RSS (MiB) | .svc/ (KiB) | Asks/s |\n|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.asks} | ${r.rss.toFixed(1)} | ${(r.svc / 1024).toFixed(0)} | ${r.asks === 0 ? '' : r.rate.toFixed(0)} |`);
  const from5k = rows.filter((r) => r.asks >= 5000);
  if (from5k.length > 1) {
    const low = Math.min(...from5k.map((r) => r.rss));
    const high = Math.max(...from5k.map((r) => r.rss));
    console.log(`\nRSS from 5,000 Asks on: ${low.toFixed(1)}-${high.toFixed(1)} MiB, spread ${((100 * (high - low)) / low).toFixed(1)}% (flat: within 5%)`);
  }
  console.log(`tiers answered: ${JSON.stringify(tiers)} (0 = failed request)`);
  console.log(
    `.svc/ at the end: ${files(join(dir, '.svc'))
      .slice(0, 8)
      .map(([f, b]) => `${f} ${(b / 1024).toFixed(0)} KiB`)
      .join(', ')}`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
  rmSync(dir, { recursive: true, force: true });
}
