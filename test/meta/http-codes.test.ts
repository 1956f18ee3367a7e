/**
 * The HTTP API's error codes live in one table (ApiErrorCode in src/server/errors.ts):
 * every code there is answered somewhere in src and asserted by some test, so none is dead and
 * none is untested.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/project.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const ERRORS = join(REPO, 'src/server/errors.ts');
const errorsText = readFileSync(ERRORS, 'utf8');
const union = /export type ApiErrorCode =([^;]+);/.exec(errorsText)?.[1] ?? '';
const CODES = [...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!);
// The union itself names each code once; a use is any other mention.
const srcText = files(join(REPO, 'src'))
  .map((f) => (f === ERRORS ? errorsText.replace(union, '') : readFileSync(f, 'utf8')))
  .join('\n');
const testText = files(join(REPO, 'test'))
  .filter((f) => !f.endsWith('http-codes.test.ts'))
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

describe('HTTP error codes', () => {
  it('are listed', () => {
    expect(CODES.length).toBeGreaterThan(10);
    expect(CODES).toEqual([...CODES].sort());
  });

  it.each(CODES)('%s is answered in src and asserted in a test', (code) => {
    expect(srcText.includes(`'${code}'`), `${code} is never answered`).toBe(true);
    expect(new RegExp(`['"\`]${code}['"\`]`).test(testText), `${code} is never asserted`).toBe(true);
  });
});
