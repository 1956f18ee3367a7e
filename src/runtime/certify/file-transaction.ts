/**
 * All-or-nothing file changes for certify and promote. Every new content is first written to
 * a temporary file beside its target; then the changes are committed one by one (rename over
 * the target, or delete). When any step fails, the committed steps are undone in reverse from
 * in-memory copies of the originals, temporaries and folders this transaction made are
 * removed, and the error is rethrown: a refused or interrupted change leaves every file as
 * it was. (A crash of the process itself can leave a temporary `.name.tmp` file, never a
 * half-written target.)
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export type FileChange = { kind: 'write'; path: string; content: string } | { kind: 'delete'; path: string };

export interface TransactionHooks {
  /** Called after each committed step; a test throws here to interrupt the transaction. */
  afterStep?(index: number, change: FileChange): void;
}

/** Thrown after a rollback; `path` is the file whose step failed. */
export class TransactionError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'TransactionError';
  }
}

interface Step {
  change: FileChange;
  abs: string;
  /** Content before the change; undefined when the file did not exist. */
  original?: Buffer;
  tmp?: string;
}

let counter = 0;

/** Creates `dir` and records each folder it had to make, outermost first. */
function makeDir(dir: string, made: string[]): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = dirname(d)) missing.unshift(d);
  mkdirSync(dir, { recursive: true });
  made.push(...missing);
}

function prepare(root: string, change: FileChange, made: string[]): Step {
  const abs = join(root, change.path);
  const step: Step = { change, abs };
  if (existsSync(abs)) step.original = readFileSync(abs);
  if (change.kind === 'write') {
    makeDir(dirname(abs), made);
    counter += 1;
    step.tmp = join(dirname(abs), `.${basename(abs)}.${process.pid}.${counter}.tmp`);
    writeFileSync(step.tmp, change.content);
  }
  return step;
}

function commit(step: Step): void {
  if (step.tmp !== undefined) renameSync(step.tmp, step.abs);
  else rmSync(step.abs, { force: true });
}

function undo(step: Step): void {
  if (step.original === undefined) rmSync(step.abs, { force: true });
  else writeFileSync(step.abs, step.original);
}

function cleanUp(steps: readonly Step[], made: readonly string[]): void {
  for (const step of steps) if (step.tmp !== undefined) rmSync(step.tmp, { force: true });
  for (const dir of [...made].reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      // Not empty (another file lives there now) or already gone: leave it.
    }
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Applies `changes` (paths relative to `root`) in order, or none of them. */
export function applyChanges(root: string, changes: readonly FileChange[], hooks: TransactionHooks = {}): void {
  const made: string[] = [];
  const steps: Step[] = [];
  const done: Step[] = [];
  let current = changes[0]?.path ?? '';
  try {
    for (const change of changes) {
      current = change.path;
      steps.push(prepare(root, change, made));
    }
    steps.forEach((step, i) => {
      current = step.change.path;
      commit(step);
      done.push(step);
      hooks.afterStep?.(i, step.change);
    });
  } catch (error) {
    for (const step of [...done].reverse()) undo(step);
    cleanUp(steps, made);
    throw new TransactionError(current, reasonOf(error));
  }
}
