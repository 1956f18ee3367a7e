/**
 * Every property test draws from one seed so a CI run is reproducible: the same inputs on every
 * clean clone, and a failure names the seed that replays it. SVC_PROPERTY_SEED=<n> replays a
 * reported seed; SVC_PROPERTY_SEED=random explores new inputs (use it when hunting, not in CI).
 */
import * as fc from 'fast-check';

const DEFAULT_SEED = 20261122;

function seedFromEnv(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return DEFAULT_SEED;
  if (raw === 'random') return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`SVC_PROPERTY_SEED must be an integer or "random", got ${raw}`);
  return n;
}

const seed = seedFromEnv(process.env['SVC_PROPERTY_SEED']);
// A failing property must report its counterexample before the test's own timeout, so shrinking
// stops after 40 s and fast-check reports the smallest case found so far.
fc.configureGlobal({ ...(seed === undefined ? {} : { seed }), interruptAfterTimeLimit: 40_000, markInterruptAsFailure: false });
