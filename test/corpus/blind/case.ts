import type { Driver } from '../../../grammar/sql/index.js';

/**
 * One case of the blind statement-check corpus: a single statement as a user or a model might send it
 * to one driver, the verdict the engine's documentation implies, the family it belongs to (refusal
 * families, read families, and `/obfuscated` variants), one sentence naming the engine fact, and the
 * documentation page the fact was taken from.
 */
export interface BlindCase {
  driver: Driver;
  sql: string;
  verdict: 'allow' | 'refuse';
  family: string;
  why: string;
  source: string;
}
