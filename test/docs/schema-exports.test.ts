/**
 * The schemas the package exports for editors and tools: every file in dist/schemas parses,
 * its `$id` is https://svc.dev/schemas/<its file name>, the set is the published list, the
 * package exports them as svc-toolchain/schemas/*, and the `$schema` path `svc init` writes
 * into a new project names one of them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_PATH } from '../../src/runtime/init/project-files.js';
import { REPO } from '../helpers/project.js';

const DIR = join(REPO, 'dist/schemas');
const PUBLISHED = JSON.parse(readFileSync(join(REPO, 'scripts/public-schemas.json'), 'utf8')) as Record<string, string>;

describe('exported schemas', () => {
  const files = readdirSync(DIR).sort();

  it('are the published list, one file each', () => {
    expect(files).toEqual(Object.values(PUBLISHED).sort());
    expect(files).toEqual(
      expect.arrayContaining([
        'svc.config.schema.json',
        'compile-output.schema.json',
        'certify-output.schema.json',
        'ask-output.schema.json',
        'app-check-output.schema.json',
      ]),
    );
  });

  it.each(readdirSync(DIR).sort())('%s has the $id of its name and is the source file', (name) => {
    const doc = JSON.parse(readFileSync(join(DIR, name), 'utf8')) as { $id: string; $schema: string };
    expect(doc.$id).toBe(`https://svc.dev/schemas/${name}`);
    expect(doc.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const source = Object.entries(PUBLISHED).find(([, n]) => n === name)?.[0] ?? '';
    expect(readFileSync(join(REPO, source), 'utf8')).toBe(readFileSync(join(DIR, name), 'utf8'));
  });

  it('are exported as svc-toolchain/schemas/*', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> };
    expect(pkg.exports['./schemas/*']).toBe('./dist/schemas/*');
  });

  it('include the file svc init names in $schema', () => {
    expect(CONFIG_SCHEMA_PATH.startsWith('./node_modules/svc-toolchain/')).toBe(true);
    expect(existsSync(join(REPO, CONFIG_SCHEMA_PATH.replace('./node_modules/svc-toolchain/', '')))).toBe(true);
  });
});
