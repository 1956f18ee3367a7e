/**
 * Words as people type them: trade shorthand read as the word it stands for, and a word that asks
 * for nothing still asks for nothing with two letters swapped, but only at five letters or more,
 * where a swap is not also a code or a value ("fra", "sue").
 */
import { describe, expect, it } from 'vitest';
import { isNeutralWord, termsOfWord } from '../../src/ask/tokens.js';
import { NOW, useCommerceRouter } from './commerce-manifest.js';

describe('shorthand', () => {
  it.each([
    ['cxl', 'cancel'],
    ['canx', 'cancel'],
    ['amt', 'amount'],
    ['cust', 'customer'],
    ['accts', 'account'],
    ['txns', 'transaction'],
    ['meds', 'medicine'],
    ['appts', 'appointments'],
    ['vax', 'vaccinations'],
    ['hrs', 'hours'],
    ['qtr', 'quarter'],
    ['wks', 'weeks'],
    ['ageing', 'aged'],
    ['aging', 'aged'],
  ])('%s reads as %s', (word, meaning) => {
    expect(termsOfWord(word)).toEqual(termsOfWord(meaning));
  });
});

describe('words that ask for nothing', () => {
  it.each([
    ['thanks', true],
    ['thnaks', true],
    ['tahnks', true],
    ['fra', false],
    ['sue', false],
    ['sued', false],
    ['revenue', false],
  ])('%s: %s', (word, neutral) => {
    expect(isNeutralWord(word)).toBe(neutral);
  });

  const commerce = useCommerceRouter();
  it('a question with a misspelt thanks is still answered', () => {
    expect(commerce.router.route('top 5 states by revenue, thnaks', { now: NOW })).toMatchObject({ kind: 'answer', block: 'sales.top_states_by_revenue' });
  });
});
