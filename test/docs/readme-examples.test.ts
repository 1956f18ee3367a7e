/**
 * Every command the README shows is run and must return rows: the fixture commands through the
 * built CLI, the HTTP examples against a real `npm start` (scripts/start.mjs) on a free
 * loopback port, whose own printed examples are run too, the `svc init` chain in a fresh
 * folder, and the question examples of `svc agent ask --help`. A README command this file does
 * not know how to run fails the test, so a new example cannot go unchecked.
 */

import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVC_BIN } from '../helpers/cli.js';
import { freePort } from '../helpers/free-port.js';
import { FIXTURES, REPO } from '../helpers/project.js';

/** The commands of the README's ```sh blocks, continuation lines joined, comments dropped. */
function readmeCommands(): string[] {
  const text = readFileSync(join(REPO, 'README.md'), 'utf8');
  const blocks = [...text.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  return blocks.flatMap((b) =>
    b
      .replace(/\\\n\s*/g, '')
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, '').trim())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
}

function sh(command: string, cwd: string) {
  const r = spawnSync('bash', ['-c', command], { cwd, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Data rows of a text table (the lines under its dashed rule, up to the first blank line). */
function tableRows(text: string): string[] {
  const lines = text.split('\n');
  const rule = lines.findIndex((l) => /^-+(\s+-+)*\s*$/.test(l));
  if (rule < 0) return [];
  const rest = lines.slice(rule + 1);
  const end = rest.findIndex((l) => l.trim() === '');
  return end < 0 ? rest : rest.slice(0, end);
}

/** What a JSON answer of the server holds: rows of a run, or the health report. */
function hasRows(body: unknown): boolean {
  const b = body as { rows?: unknown[]; ok?: boolean; blocks?: unknown[] };
  if (Array.isArray(b.rows)) return b.rows.length > 0;
  if (Array.isArray(b.blocks)) return b.blocks.length > 0;
  if (Array.isArray(body)) return body.length > 0;
  return b.ok === true;
}

const commands = readmeCommands();
const work = mkdtempSync(join(tmpdir(), 'svc-readme-'));
let server: ChildProcess | undefined;
let startOutput = '';
let port = 0;

/** Starts `npm start`'s script on a free port; resolves once it printed its examples. */
async function startServer(): Promise<void> {
  port = await freePort();
  server = spawn(process.execPath, [join(REPO, 'scripts/start.mjs')], {
    cwd: REPO,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no examples:\n${startOutput}`)), 90_000);
    server!.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      startOutput += chunk;
      if (startOutput.includes('Ctrl-C stops the server.')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server!.on('exit', (code) => reject(new Error(`npm start exited ${code}:\n${startOutput}`)));
  });
}

beforeAll(async () => {
  // The fixture commands run in a folder of their own: a copy of the fixture beside a link to the build.
  mkdirSync(join(work, 'repo/fixtures'), { recursive: true });
  cpSync(join(FIXTURES, 'commerce'), join(work, 'repo/fixtures/commerce'), { recursive: true, filter: (src) => !src.includes('/.svc') });
  symlinkSync(join(REPO, 'dist'), join(work, 'repo/dist'), 'dir');
  await startServer();
}, 120_000);

afterAll(() => {
  if (server?.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

/** Runs a curl example against the started server and checks its JSON answer has rows. */
function runCurl(command: string): void {
  const local = command.replace(/http:\/\/127\.0\.0\.1:\d+/g, `http://127.0.0.1:${port}`);
  const run = sh(local, work);
  expect(run.code, `${command}\n${run.stderr}`).toBe(0);
  const body = JSON.parse(run.stdout) as { tier?: number; trust?: string };
  expect(hasRows(body), `${command}\n${run.stdout.slice(0, 400)}`).toBe(true);
  if (/agent-runs/.test(command)) expect([body.tier, body.trust]).toEqual([1, 'certified']);
}

/** Runs a `node dist/src/svc.js` fixture command: an answer has table rows, an App check is ready. */
function runFixtureCommand(command: string): void {
  const run = sh(command, join(work, 'repo'));
  expect(run.code, `${command}\n${run.stdout}${run.stderr}`).toBe(0);
  if (/agent ask/.test(command)) expect(tableRows(run.stdout).length, `${command}\n${run.stdout}`).toBeGreaterThan(0);
  if (/app check/.test(command)) expect(run.stdout).toMatch(/ready to publish/);
}

describe('README examples', () => {
  it('shows commands, and this file runs each kind', () => {
    expect(commands.length).toBeGreaterThan(8);
  });

  it.each(commands.map((c) => [c]))('%s', (command) => {
    if (command.startsWith('curl ')) return runCurl(command);
    if (command.startsWith('node dist/src/svc.js ')) return runFixtureCommand(command);
    // npm start is running above; npm test is this suite; installing the tarball, locally or
    // globally, is test/package/pack-install.test.ts.
    if (['npm install && npm start', 'npm test'].includes(command) || /^npm install (-D|-g) /.test(command)) {
      if (command.includes('--help')) expect(sh(`node ${SVC_BIN} --help`, work).code).toBe(0);
      return;
    }
    if (command.startsWith('npx --package ')) return void expect(sh(`node ${SVC_BIN} --help`, work).code).toBe(0);
    if (command.startsWith('npx svc ')) {
      const project = join(work, 'user-project');
      mkdirSync(project, { recursive: true });
      const run = sh(command.replaceAll('npx svc ', `node ${SVC_BIN} `), project);
      expect(run.code, `${command}\n${run.stdout}${run.stderr}`).toBe(0);
      if (/agent ask/.test(command)) expect(tableRows(run.stdout).length).toBeGreaterThan(0);
      return;
    }
    throw new Error(`README command that no test runs: ${command}`);
  });
});

describe('examples npm start prints', () => {
  it('prints curl examples, and each returns rows', () => {
    const printed = startOutput
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('curl '));
    expect(printed.length).toBeGreaterThanOrEqual(3);
    for (const command of printed) runCurl(command);
  });
});

describe('examples svc agent ask --help prints', () => {
  it('each question returns rows', () => {
    const help = sh(`node ${SVC_BIN} agent ask --help`, work).stdout;
    const examples = [...help.matchAll(/^\s*\$ (svc agent ask ".*)$/gm)].map((m) => m[1]!);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const run = sh(`node ${join(REPO, 'dist/src/svc.js')} ${example.slice(4)} --project fixtures/commerce`, join(work, 'repo'));
      expect(run.code, `${example}\n${run.stdout}`).toBe(0);
      const rows = example.includes('--format json') ? (JSON.parse(run.stdout) as { rows: unknown[] }).rows.length : tableRows(run.stdout).length;
      expect(rows, example).toBeGreaterThan(0);
    }
  });
});
