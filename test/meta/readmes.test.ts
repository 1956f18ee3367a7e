/**
 * A newcomer finds every unit from a README: each source file is named by the README of its own
 * folder or of the folder above it, and each wing's README says what it may import and who calls
 * it. A fixture shows the check naming a file no README mentions.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '..', '..');
const WINGS = [
  'grammar',
  'src/compiler',
  'src/rules',
  'src/ask',
  'src/hooks',
  'src/traces',
  'src/warehouse',
  'src/runtime',
  'src/server',
  'src/cli',
  'src/web',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [relative(REPO, path).split('\\').join('/')] : [];
  });
}

/** The files no README within one folder of them names, given each folder's README text. */
function unnamed(files: readonly string[], readmeOf: (folder: string) => string | undefined): string[] {
  return files.filter((file) => {
    const folder = dirname(file);
    const near = [readmeOf(folder), readmeOf(dirname(folder))];
    const name = file.slice(folder.length + 1);
    const withFolder = `${folder.slice(folder.lastIndexOf('/') + 1)}/${name}`;
    return !near.some((text) => text !== undefined && (text.includes(`\`${name}\``) || text.includes(`\`${withFolder}\``)));
  });
}

const readmeText = (folder: string): string | undefined => {
  const path = join(REPO, folder, 'README.md');
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};

describe('READMEs', () => {
  it('name every source file within one folder of it', () => {
    const files = [...sources(join(REPO, 'src')), ...sources(join(REPO, 'grammar'))];
    expect(files.length).toBeGreaterThan(300);
    expect(unnamed(files, readmeText), 'name them with: node scripts/readme-units.mjs').toEqual([]);
  });

  it.each(WINGS)('%s says what it may import and who calls it', (wing) => {
    const text = readmeText(wing) ?? '';
    expect(text).toMatch(/\*\*May import:\*\*/);
    expect(text).toMatch(/\*\*Called by:\*\*/);
  });

  it('names a file no README mentions (fixture)', () => {
    const readmes: Record<string, string> = { 'src/x': '| `a.ts` | one |', src: '| `x/b.ts` |' };
    expect(unnamed(['src/x/a.ts', 'src/x/b.ts', 'src/x/c.ts', 'src/x/deep/d.ts'], (f) => readmes[f])).toEqual(['src/x/c.ts', 'src/x/deep/d.ts']);
  });
});
