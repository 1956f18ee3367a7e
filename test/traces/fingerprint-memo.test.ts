/**
 * The keyed question fingerprint is worked out once per key and question and then remembered
 * (bounded): whatever was asked before, in whatever order, each answer equals the HMAC-SHA256 of
 * the normalised question under its own key, so the memo never hands one key's value to another.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { normaliseQuestion } from '../../src/traces/content.js';
import { keyedFingerprint } from '../../src/traces/salt.js';

const hmac = (key: string, question: string) => `hmac-sha256:${createHmac('sha256', key).update(normaliseQuestion(question)).digest('hex')}`;

const longQuestion = `revenue by state ${'and by month '.repeat(60)}`;
const manyQuestions = Array.from({ length: 1_500 }, (_, i) => `orders in week ${i}`);

const cases: Array<{ name: string; asks: Array<[key: string, question: string]> }> = [
  {
    name: 'the same question asked again under one key',
    asks: [
      ['k1', 'weekly revenue'],
      ['k1', 'weekly revenue'],
      ['k1', 'weekly revenue'],
    ],
  },
  {
    name: 'the same question under two keys, alternately',
    asks: [
      ['k1', 'top 3 states'],
      ['k2', 'top 3 states'],
      ['k1', 'top 3 states'],
      ['k2', 'top 3 states'],
    ],
  },
  {
    name: 'a key that is the prefix of another',
    asks: [
      ['k', 'x1 revenue'],
      ['kx1', ' revenue'],
      ['k', 'x1 revenue'],
    ],
  },
  {
    name: 'keys and questions that join alike',
    asks: [
      ['a\u0000b', 'c'],
      ['a', 'b\u0000c'],
      ['a\u0000b', 'c'],
      ['a', 'b\u0000c'],
    ],
  },
  {
    name: 'more keys than the memo keeps, round and round',
    asks: [1, 2, 3].flatMap(() => Array.from({ length: 12 }, (_, i): [string, string] => [`key ${i}`, 'weekly revenue'])),
  },
  {
    name: 'spellings that normalise alike keep one value',
    asks: [
      ['k1', 'Weekly  Revenue'],
      ['k1', 'weekly revenue '],
      ['k1', 'WEEKLY REVENUE'],
    ],
  },
  {
    name: 'a question longer than the memo keeps',
    asks: [
      ['k1', longQuestion],
      ['k1', longQuestion],
      ['k2', longQuestion],
    ],
  },
  {
    name: 'more questions than the memo keeps, then the first again',
    asks: [...manyQuestions.map((q): [string, string] => ['k1', q]), ['k1', manyQuestions[0] as string], ['k2', manyQuestions[0] as string]],
  },
];

describe('keyed question fingerprints asked again', () => {
  it.each(cases)('$name', ({ asks }) => {
    for (const [key, question] of asks) expect(keyedFingerprint(key, question)).toBe(hmac(key, question));
    const [firstKey, firstQuestion] = asks[0] as [string, string];
    const other = asks.find(([key]) => key !== firstKey);
    if (other !== undefined && normaliseQuestion(other[1]) === normaliseQuestion(firstQuestion)) {
      expect(keyedFingerprint(other[0], other[1])).not.toBe(keyedFingerprint(firstKey, firstQuestion));
    }
  });
});
