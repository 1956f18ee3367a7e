/**
 * Meta-test of the vocabulary: every file in src/rules/checks is a registered check with an
 * options schema, the registry is sorted, and the case table exercises each kind both ways.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rulesAjv } from '../../src/rules/ajv.js';
import { CHECKS, checkKinds, getCheck } from '../../src/rules/checks/index.js';
import { CHECK_CASES } from './check-cases.js';

const CHECKS_URL = new URL('../../src/rules/checks/', import.meta.url);
const CHECKS_DIR = fileURLToPath(CHECKS_URL);
const files = readdirSync(CHECKS_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

describe('check registry', () => {
  it('registers exactly one check per file, named after the file', async () => {
    expect(checkKinds()).toEqual(files);
    for (const file of files) {
      const url = new URL(`${file}.ts`, CHECKS_URL).href;
      const mod = (await import(/* @vite-ignore */ url)) as { default: { kind: string } };
      expect(mod.default.kind).toBe(file);
      expect(getCheck(file)).toBe(mod.default);
    }
  });

  it('is sorted by kind', () => {
    const kinds = checkKinds();
    expect(kinds).toEqual([...kinds].sort());
  });

  it.each(CHECKS.map((c) => [c.kind, c] as const))('%s has a description and a compilable options schema', (kind, c) => {
    expect(c.description.length).toBeGreaterThan(10);
    expect(c.optionsSchema).toMatchObject({ type: 'object', additionalProperties: false });
    expect((c.optionsSchema.properties as Record<string, unknown>).kind).toEqual({ const: kind });
    expect(() => rulesAjv().compile(c.optionsSchema)).not.toThrow();
  });

  it.each(files)('%s has a passing and a failing case in the table', (kind) => {
    const mine = CHECK_CASES.filter((c) => c.spec.kind === kind);
    expect(
      mine.some((c) => c.pass),
      `${kind} needs a passing case`,
    ).toBe(true);
    expect(
      mine.some((c) => !c.pass),
      `${kind} needs a failing case`,
    ).toBe(true);
  });
});
