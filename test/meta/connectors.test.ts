/**
 * Every connector is a registered unit with its own test (like the dialects and rules): the
 * registry is sorted by driver, each file under src/warehouse/connectors/ that exports a
 * `<driver>ConnectorFactory` is registered under that driver, and each registered driver has
 * test/warehouse/connectors/<driver>.test.ts running it against a real engine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONNECTORS } from '../../src/warehouse/connectors/registry.js';
import { REPO } from '../helpers/project.js';

const DIR = join(REPO, 'src/warehouse/connectors');
/** The SQLite connector came first: its tests are the executor's own. */
const OWN_TESTS: Readonly<Record<string, string>> = { sqlite: 'test/warehouse/executor.test.ts' };

describe('connector registry', () => {
  const drivers = Object.keys(CONNECTORS);

  it('is sorted by driver', () => {
    expect(drivers).toEqual([...drivers].sort());
  });

  it('registers every connector file under its driver', () => {
    const exported = readdirSync(DIR)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...readFileSync(join(DIR, f), 'utf8').matchAll(/export const (\w+)ConnectorFactory\b/g)].map((m) => ({ file: f, driver: m[1] as string })),
      );
    expect(exported.map((e) => e.driver).sort()).toEqual(drivers);
    for (const { file, driver } of exported) expect(file).toBe(`${driver}.ts`);
  });

  it.each(Object.keys(CONNECTORS))('%s has its own test', (driver) => {
    const file = OWN_TESTS[driver] ?? `test/warehouse/connectors/${driver}.test.ts`;
    expect(existsSync(join(REPO, file))).toBe(true);
    expect(readFileSync(join(REPO, file), 'utf8')).toMatch(new RegExp(`open${driver[0]?.toUpperCase()}${driver.slice(1)}Connector|driver: '${driver}'`));
  });
});
