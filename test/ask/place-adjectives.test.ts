/**
 * A place a value or an owner's label spells is asked by its adjective too ("the Scottish book"
 * for SCO Scotland, "Welsh branches" for Wales); nothing else is made a value.
 */
import { describe, expect, it } from 'vitest';
import { buildValueLexicon } from '../../src/ask/index.js';
import { placeAdjective } from '../../src/ask/place-adjectives.js';
import type { CompiledBlock } from '../../src/compiler/types.js';

const block = (description: string): CompiledBlock =>
  ({
    id: 'a.b',
    description,
    query: 'SELECT 1',
    params: [],
    paramsUsed: [],
    examples: [],
    tests: [],
    columns: {},
    outputs: [],
    tables: [],
  }) as unknown as CompiledBlock;

describe('placeAdjective', () => {
  it.each([
    ['Scotland', 'scottish'],
    ['Northern Ireland', 'northern irish'],
    ['north', 'northern'],
    ['Midlands', undefined],
    ['London and South East', undefined],
  ])('%s -> %s', (place, adjective) => expect(placeAdjective(place)).toBe(adjective));
});

describe('the value lexicon reads adjectives of places', () => {
  const data = new Map([
    ['region_code', ['MID', 'SCO']],
    ['country', ['Wales', 'England']],
  ]);
  const lexicon = buildValueLexicon([block('one region (region_code: MID Midlands, SCO Scotland)')], data);
  it.each([
    ['scottish', 'region_code', 'SCO'],
    ['welsh', 'country', 'Wales'],
    ['english', 'country', 'England'],
  ])('%s -> %s %s', (word, field, value) => {
    expect(lexicon.fieldsOf(word)).toEqual([field]);
    expect(lexicon.stored(field, word)).toBe(value);
  });
  it('a place no value spells stays no value', () => expect(lexicon.fieldsOf('irish')).toEqual([]));
});
