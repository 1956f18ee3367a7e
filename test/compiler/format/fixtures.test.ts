/**
 * Every `.svc` file under fixtures/ (the glob is fixtures/**\/*.svc; nothing is skipped):
 * parsing never throws and yields well-formed diagnostics; a file without parse errors
 * formats idempotently without losing content or comments; a file with parse errors is
 * refused by formatText.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseBlockFile } from '../../../grammar/block/index.js';
import { hasErrors } from '../../../grammar/diagnostics.js';
import { formatBlockFile, formatText } from '../../../src/compiler/format/index.js';
import { attachments, expectWellFormed } from '../../grammar/block/helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = join(ROOT, 'fixtures');

function svcFiles(): string[] {
  if (!statSync(FIXTURES, { throwIfNoEntry: false })?.isDirectory()) return [];
  return (
    readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
      // Block files only: a `.svc/` state folder left by running svc inside a fixture is not one.
      .filter((p) => p.endsWith('.svc') && !p.split(/[\\/]/).some((part) => part.startsWith('.')))
      .map((p) => join(FIXTURES, p))
      .filter((p) => statSync(p).isFile())
      .sort()
  );
}

const files = svcFiles();

describe('fixtures/**/*.svc', () => {
  it('the glob ran and, once fixture projects exist, found block files', () => {
    expect(Array.isArray(files)).toBe(true);
    const projects = statSync(FIXTURES, { throwIfNoEntry: false })?.isDirectory()
      ? readdirSync(FIXTURES, { withFileTypes: true }).filter((d) => d.isDirectory())
      : [];
    // A fixture project without any block file would make the per-file tests below vacuous.
    if (projects.length > 0) expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [relative(ROOT, f).split('\\').join('/'), f]))('%s', (name, path) => {
    const text = readFileSync(path, 'utf8');
    const parsed = parseBlockFile(text, name);
    expectWellFormed(text, parsed);
    const result = formatText(text, name);
    if (hasErrors(parsed.diagnostics)) {
      expect(result.output).toBeUndefined();
      return;
    }
    const output = result.output!;
    const again = parseBlockFile(output);
    expect(again.diagnostics).toEqual([]);
    expect(attachments(again)).toEqual(attachments(parsed));
    expect(formatBlockFile(again)).toBe(output);
  });
});
