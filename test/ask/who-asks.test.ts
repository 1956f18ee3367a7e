/** "who <verb>s" is "which <doer>s" only when the project names the doer (who-asks.ts). */
import { describe, expect, it } from 'vitest';
import { whoAsDoer } from '../../src/ask/who-asks.js';

const KNOWN = new Set(['driver', 'payer', 'seller']);
const known = (w: string) => KNOWN.has(w);

describe('who and a verb', () => {
  it.each([
    ['who drives for MAN1?', 'which drivers for MAN1?'],
    ['Who pays slowest?', 'which payers slowest?'],
    ['who sells the most', 'which sellers the most'],
    ['who owes us money', 'who owes us money'],
    ['who is our biggest customer', 'who is our biggest customer'],
    ['who books the most rooms', 'who books the most rooms'],
  ])('%s -> %s', (q, read) => expect(whoAsDoer(q, known)).toBe(read));
});
