/**
 * Small misspellings of the project's own words (spelling.ts): one letter dropped, added or two
 * neighbours swapped from exactly one project word; never a substitution, a capitalised word, a
 * value the data holds, a word the project already uses, or a word two project words are one edit from.
 */
import { describe, expect, it } from 'vitest';
import { buildSpeller } from '../../src/ask/spelling.js';

const TEXTS = ['revenue by region', 'monthly recurring revenue per plan', 'signups by country', 'orders per day', 'cost of sales', 'seats and sets'];
const KNOWN = new Set(TEXTS.flatMap((t) => t.split(' ')));
const speller = buildSpeller(
  () => TEXTS,
  (w) => KNOWN.has(w),
  (w) => w === 'brightwell',
);

describe('reading a misspelt project word as the word', () => {
  it.each([
    ['mrr by plna', 'mrr by plan'],
    ['trial sign ups by contry', 'trial sign ups by country'],
    ['revnue by regoin', 'revenue by region'],
    ['how many ordres per day', 'how many orders per day'],
    ['revenuee by region', 'revenue by region'],
  ])('%s -> %s', (q, fixed) => expect(speller.correct(q)).toBe(fixed));

  it.each([
    ['cast of sales', 'a substitution makes another real word'],
    ['revenue by Regoin', 'a capitalised word is a name'],
    ['orders for brightwel', 'one edit from nothing the project says, and a value is never corrected'],
    ['orders for brightwell', 'a value the data holds'],
    ['sats by plan', 'one edit from two project words (seats, sets)'],
    ['plns by region', 'a four-letter word only through a swap'],
  ])('leaves %s alone: %s', (q) => expect(speller.correct(q)).toBe(q));
});
