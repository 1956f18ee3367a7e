/**
 * The host's tools hook (spec 02 `tools`): `tools({ name, args, principal }, next)` is around
 * every agent tool call, over MCP and over HTTP. The host decides within the hook time limit,
 * counted until it calls `next()`; the tool's own run is not bounded. A gate that throws, is
 * late, or returns without calling `next()` refuses the call (TOOL_REFUSED, with a reference
 * when it failed), and the tool never runs. Without a host or the hook, the tool runs.
 */

import type { HookFailureCode } from './codes.js';
import { errorReference } from './context/error-reference.js';
import type { Asker } from './context/request-context.js';

/** A call the host's gate refused; `reference` when the gate failed rather than decided. */
export class ToolRefusedError extends Error {
  readonly code = 'TOOL_REFUSED' satisfies HookFailureCode;
  constructor(
    readonly tool: string,
    readonly reference?: string,
  ) {
    super(reference === undefined ? `You may not use the tool ${tool} here.` : `The tool ${tool} could not be cleared (reference ${reference}).`);
    this.name = 'ToolRefusedError';
  }
}

const LATE = Symbol('late');

/** The tool's one way past the gate: `next()` runs it at most once and clears the gate; once closed, a late next() runs nothing. */
interface Passage<T> {
  next: () => Promise<T>;
  /** Settles 'cleared' when next() first runs the tool. */
  cleared: Promise<'cleared'>;
  /** The tool's run, once next() started it. */
  started: () => Promise<T> | undefined;
  /** Refuses every later next(). */
  close: () => void;
}

/** A passage for one call of the tool `name`. */
function passage<T>(name: string, run: () => Promise<T>): Passage<T> {
  let started: Promise<T> | undefined;
  let refused = false;
  let letThrough: () => void = () => undefined;
  const cleared = new Promise<'cleared'>((resolve) => {
    letThrough = () => resolve('cleared');
  });
  const next = (): Promise<T> => {
    if (refused) return Promise.reject(new ToolRefusedError(name));
    if (started === undefined) {
      started = run();
      letThrough();
    }
    return started;
  };
  const close = (): void => {
    refused = true;
  };
  return { next, cleared, started: () => started, close };
}

/** A promise of LATE after `ms`, and how to stop its clock. */
function deadline(ms: number): { late: Promise<typeof LATE>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), ms);
  });
  return { late, cancel: () => clearTimeout(timer) };
}

/** Runs `run` through the asker's host's gate; throws ToolRefusedError when the gate does not let it. */
export async function gateToolCall<T>(asker: Asker, name: string, args: unknown, run: () => Promise<T>): Promise<T> {
  const host = asker?.host;
  const gate = host?.hooks.tools;
  if (host === undefined || gate === undefined) return run();
  // Once the call is refused, a late next() runs nothing.
  const way = passage(name, run);
  const refuseFailed = (why: string): never => {
    way.close();
    const reference = errorReference();
    host.log(`[${reference}] host hook tools (${name}): ${why}`);
    throw new ToolRefusedError(name, reference);
  };
  const deciding = Promise.resolve()
    .then(() => gate.call(host.hooks, { name, args, ...(asker?.principal !== undefined ? { principal: asker.principal } : {}) }, way.next))
    .then(() => 'decided' as const);
  // The gate's own later failure (after it let the call through) changes nothing.
  deciding.catch(() => undefined);
  const clock = deadline(host.timeoutMs);
  let outcome: 'cleared' | 'decided' | typeof LATE;
  try {
    outcome = await Promise.race([way.cleared, deciding, clock.late]);
  } catch (error) {
    outcome = way.started() !== undefined ? 'cleared' : refuseFailed(`threw: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clock.cancel();
  }
  const started = way.started();
  if (started !== undefined) return started;
  if (outcome === LATE) return refuseFailed(`no decision within ${host.timeoutMs} ms`);
  way.close();
  throw new ToolRefusedError(name);
}
