// Which column a string parameter filters, read from the query text: the table of the SELECT that
// compares it when the query reads several, nothing when that SELECT itself reads several.
import { describe, expect, it } from 'vitest';
import { paramColumns } from '../../src/ask/param-columns.js';
import type { CompiledBlock } from '../../src/compiler/types.js';

const block = (query: string, tables: string[]): CompiledBlock =>
  ({ id: 'd.b', query, tables, dialect: 'sqlite', params: [{ name: 'name', type: 'string', default: 'x' }] }) as unknown as CompiledBlock;

describe('paramColumns', () => {
  it.each<[string, string, string[], { table: string; column: string } | undefined]>([
    ['one table', 'SELECT * FROM brokers WHERE broker_name = ${name}', ['brokers'], { table: 'brokers', column: 'broker_name' }],
    [
      'a qualified column',
      'SELECT * FROM policies p JOIN brokers b ON b.code = p.code WHERE b.broker_name = ${name}',
      ['policies', 'brokers'],
      { table: 'brokers', column: 'broker_name' },
    ],
    [
      'a CTE reading one table',
      'WITH b AS (SELECT code FROM brokers WHERE broker_name = ${name}) SELECT * FROM policies p JOIN b ON b.code = p.code',
      ['brokers', 'policies'],
      { table: 'brokers', column: 'broker_name' },
    ],
    [
      'a subquery reading one table',
      'SELECT * FROM policies WHERE code IN (SELECT code FROM brokers WHERE broker_name = ${name})',
      ['policies', 'brokers'],
      { table: 'brokers', column: 'broker_name' },
    ],
    [
      'a comment naming another table by the same alias',
      'SELECT * FROM brokers b /* b was FROM agents b */ WHERE b.broker_name = ${name}',
      ['brokers'],
      { table: 'brokers', column: 'broker_name' },
    ],
    [
      'a filter written in a comment only',
      "SELECT * FROM policies p -- p.broker_name = ${name}\nWHERE p.note <> 'b.broker_name = ${name}'",
      ['policies'],
      undefined,
    ],
    [
      'an unqualified column over a join',
      'SELECT * FROM policies JOIN brokers ON brokers.code = policies.code WHERE broker_name = ${name}',
      ['policies', 'brokers'],
      undefined,
    ],
  ])('%s', (_name, query, tables, at) => {
    const found = paramColumns(block(query, tables));
    expect(found).toEqual(at === undefined ? [] : [{ param: 'name', ...at }]);
  });
});
