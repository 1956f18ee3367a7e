#!/usr/bin/env node
/** The `svc` executable: runs the command line against the real process streams. */
import { packageVersion } from '../../source-asset.js';
import { runCli } from './run-cli.js';

const code = await runCli(
  process.argv.slice(2),
  { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() },
  packageVersion(),
);
process.exitCode = code;
