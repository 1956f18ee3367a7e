/**
 * Tier 2 asks for SQL in the dialect of the connection it will run on: the prompt names the
 * driver and, for the engines svc runs, the engine itself.
 */
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../src/compiler/types.js';
import { buildPrompt } from '../../../src/runtime/agent-runs/model-prompt.js';

const manifest = { blocks: {} } as unknown as Manifest;

describe('the Tier-2 prompt names the dialect', () => {
  it.each([
    ['sqlite', 'SQLite'],
    ['duckdb', 'DuckDB'],
    ['postgresql', 'PostgreSQL'],
    ['clickhouse', 'ClickHouse'],
  ])('%s', (driver, engine) => {
    const [, user] = buildPrompt({
      question: 'How many orders?',
      manifest,
      catalog: undefined,
      candidates: [],
      driver,
      gate: () => ({ certified: false }) as never,
    });
    const line = user?.content.split('\n')[0] ?? '';
    expect(line.startsWith(`SQL dialect: ${driver} `)).toBe(true);
    expect(line).toContain(`SQL that ${engine} runs`);
    for (const other of ['SQLite', 'DuckDB', 'PostgreSQL', 'ClickHouse'].filter((e) => e !== engine)) expect(line).not.toContain(other);
  });

  it('names a driver svc does not run as it is', () => {
    const [, user] = buildPrompt({
      question: 'q',
      manifest,
      catalog: undefined,
      candidates: [],
      driver: 'snowflake',
      gate: () => ({ certified: false }) as never,
    });
    expect(user?.content.split('\n')[0]).toBe('SQL dialect: snowflake');
  });
});
