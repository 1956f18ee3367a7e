/** Whose names a project declares sensitive: the person word of each name column, in both numbers. */
import { describe, expect, it } from 'vitest';
import { declaredPeople } from '../../src/ask/declared-sensitive.js';
import type { SvcConfig } from '../../src/compiler/project/config.js';
import type { Manifest } from '../../src/compiler/types.js';

const manifest = (columns: Record<string, { sensitive?: string }> = {}): Manifest => ({ blocks: { 'a.b': { columns } } }) as unknown as Manifest;
const config = (columns: Record<string, string>): SvcConfig => ({ sensitive: { columns } }) as unknown as SvcConfig;

describe('declaredPeople', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['the column says whose name', { 'accounts.holder_name': 'contact' }, ['holder', 'holders']],
    ['a bare name column is its table', { 'engineers.full_name': 'contact' }, ['engineer', 'engineers']],
    ['the last word of several is the person', { 'claims.third_party_name': 'contact' }, ['parties', 'party']],
    ['a column that is no name names no one', { 'accounts.phone': 'contact', 'patients.date_of_birth': 'protected' }, []],
  ])('%s', (_, columns, people) => {
    expect([...declaredPeople(manifest(), config(columns))].sort()).toEqual(people);
  });

  it("reads a block's own sensitive columns too", () => {
    expect([...declaredPeople(manifest({ driver_name: { sensitive: 'contact' } }), undefined)].sort()).toEqual(['driver', 'drivers']);
  });
});
