/**
 * The example embedding program (examples/host/server.mjs) as a real child process over a copy of
 * the commerce fixture, for the two-person tables that run against it as they run against an
 * in-process host: people are signed as the platform signs them (ada and carol in CA, bob in TX),
 * `analysts` names who may write SQL. Every host started is stopped by `stopAll()`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { commerceProject } from '../runtime/helpers/warehouse.js';
import { REPO } from './project.js';

export const EXAMPLE_SECRET = 'example-platform-secret-0123';
/** Each person's region, as the platform signs it. */
export const REGION: Record<string, string> = { ada: 'CA', bob: 'TX', carol: 'CA' };

/** A session header as the platform signs it (`key` another secret to forge one). */
export const sign = (user: string, region = REGION[user] ?? 'CA', key = EXAMPLE_SECRET) =>
  `${user}.${region}.${createHmac('sha256', key).update(`${user}.${region}`).digest('base64url')}`;

/** A host the two-person tables run against: where it listens and how a person is named to it. */
export interface TwoPersonHost {
  url: string;
  headers(user: string): Record<string, string>;
}

/** A statement the example host told its monitoring of: when it began and ended (its clock, ms), what it read and who wrote it. */
export interface ToldStatement {
  start: number;
  end: number;
  read?: string;
  origin: string;
}

/** The example host: a two-person host that also tells what its statement observer heard. */
export interface ExampleHost extends TwoPersonHost {
  statements(): ToldStatement[];
}

const children: ChildProcess[] = [];

/**
 * Starts the example host on `project` (a fresh commerce copy when absent); resolves once it
 * prints its address. `appAudience` is its EXAMPLE_APP_AUDIENCE (`<app>=<user>+<user>;...`).
 */
export async function exampleHost(options: { analysts: string; project?: string; appAudience?: string }): Promise<ExampleHost> {
  const project = options.project ?? (await commerceProject());
  const child = spawn(process.execPath, [join(REPO, 'examples/host/server.mjs'), '--project', project, '--port', '0'], {
    cwd: REPO,
    env: { ...process.env, EXAMPLE_HOST_SECRET: EXAMPLE_SECRET, EXAMPLE_ANALYSTS: options.analysts, EXAMPLE_APP_AUDIENCE: options.appAudience ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve((out.split('\n')[0] as string).trim());
    });
    child.on('exit', (code) => reject(new Error(`the example exited ${code}: ${err}`)));
  });
  const statements = () =>
    err
      .split('\n')
      .filter((line) => line.startsWith('statement '))
      .map((line) => {
        const e = JSON.parse(line.slice('statement '.length)) as { endedAt: number; durationMs: number; read?: string; origin: string };
        return { start: e.endedAt - e.durationMs, end: e.endedAt, origin: e.origin, ...(e.read !== undefined ? { read: e.read } : {}) };
      });
  return { url, headers: (user) => ({ 'x-example-session': sign(user) }), statements };
}

/** Stops every example host started, waiting for each to exit. */
export async function stopExampleHosts(): Promise<void> {
  await Promise.all(
    children.splice(0).map((child) => {
      if (child.exitCode !== null) return Promise.resolve();
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      return exited;
    }),
  );
}
