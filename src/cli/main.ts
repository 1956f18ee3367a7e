#!/usr/bin/env node
/** The `svc` executable: runs the command line against the real process streams. */
import { readFileSync } from 'node:fs';
import { runCli } from './run-cli.js';

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const code = await runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() }, version());
process.exitCode = code;
