/**
 * The companion fast reader is a shortcut, never a second YAML dialect: whatever it accepts, it
 * reads exactly as the `yaml` library does, and everything else it hands back (undefined).
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readPlainYaml } from '../../src/compiler/project/companion-reader.js';
import { FIXTURES } from '../helpers/project.js';

const ACCEPTED: Array<[string, string]> = [
  ['scalars', 'name: weekly_revenue\ndomain: finance\n'],
  ['quoted scalars', 'certifiedAt: "2026-01-20T08:15:00Z"\nvia: \'cli\'\n'],
  ['a colon without a space stays in the scalar', 'sourceSha256: sha256:0a1b\n'],
  ['a list under a key', 'tags:\n  - revenue\n  - kpi\n'],
  ['a list at the key indent', 'tags:\n- revenue\n- kpi\nowner: a@b.test\n'],
  ['a nested mapping with a list', 'lineage:\n  tables:\n    - orders\n    - order_items\nreviewStatus: certified\n'],
  ['comments and blank lines', '# made by svc\n\nname: x   \n  # indented comment\nowner: y\n'],
  ['CRLF line ends', 'name: x\r\nowner: y\r\n'],
  ['a hash inside a word', 'name: a#b\n'],
  ['words YAML 1.1 would read as booleans are strings in 1.2', 'a: yes\nb: no\nc: on\nd: off\n'],
];

const REFUSED: Array<[string, string]> = [
  ['empty', ''],
  ['only comments', '# nothing\n'],
  ['a number', 'asked_times: 3\n'],
  ['a boolean', 'certified: true\n'],
  ['a null word', 'owner: null\n'],
  ['a tilde', 'owner: ~\n'],
  ['an unquoted date', 'certifiedAt: 2026-01-20T08:15:00Z\n'],
  ['an empty value', 'owner:\nname: x\n'],
  ['a flow list', 'tags: [a, b]\n'],
  ['a flow mapping', 'x: {a: 1}\n'],
  ['a block scalar', 'description: |\n  line\n'],
  ['a folded continuation line', 'description: a long\n  continued text\n'],
  ['an inline comment', 'name: x # note\n'],
  ['an escape', 'name: "a\\"b"\n'],
  ['a doubled single quote', "name: 'it''s'\n"],
  ['an anchor', 'a: &x y\n'],
  ['an alias', 'a: *x\n'],
  ['a tab', 'name:\tx\n'],
  ['a duplicate key', 'name: x\nname: y\n'],
  ['a list of mappings', 'checks:\n  - name: a\n'],
  ['a document marker', '---\nname: x\n'],
  ['a top-level list', '- a\n- b\n'],
  ['an indented first line', '  name: x\n'],
  ['a key YAML reads as a boolean', 'true: x\n'],
  ['a colon-space inside a plain scalar', 'description: a: b\n'],
  ['uneven child indentation', 'lineage:\n  tables:\n    - a\n   - b\n'],
];

describe('readPlainYaml', () => {
  it.each(ACCEPTED)('reads %s exactly as the yaml library does', (_name, text) => {
    const fast = readPlainYaml(text);
    expect(fast).toBeDefined();
    expect(fast).toEqual(parse(text));
  });

  it.each(REFUSED)('hands %s to the yaml library', (_name, text) => {
    expect(readPlainYaml(text)).toBeUndefined();
  });

  it('reads every companion of the fixture projects (they are written in the plain shape)', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith('.yaml') && dir.includes('semantic-layer/blocks')) files.push(join(dir, e.name));
      }
    };
    walk(join(FIXTURES, 'commerce'));
    walk(join(FIXTURES, 'legacy'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(readPlainYaml(text), f).toEqual(parse(text));
    }
  });

  it('agrees with the yaml library on every generated text it accepts', () => {
    const key = fc.oneof(
      { arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,6}$/), weight: 8 },
      { arbitrary: fc.constantFrom('true', 'Null', 'name'), weight: 1 },
    );
    const scalar = fc.oneof({ arbitrary: fc.stringMatching(/^[A-Za-z_/(][A-Za-z0-9 _./@:#()-]{0,14}$/), weight: 12 }, fc.stringMatching(/^[ -~]{0,10}$/), {
      arbitrary: fc.constantFrom(
        'true',
        'No',
        '3',
        '-1',
        '.5',
        '~',
        'null',
        '2026-01-01',
        'a: b',
        'x #y',
        '"q"',
        "'s'",
        '"a\\n"',
        '[a]',
        '&a b',
        'sha256:ab',
        'a@b.test',
        '"x y"',
        "'x y'",
        'a:',
        '',
      ),
      weight: 2,
    });
    // A document tree rendered in block style, then sometimes one line nudged out of shape.
    type Node = string | string[] | Array<[string, Node]>;
    const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.array(scalar, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(key, tie('node')), { minLength: 1, maxLength: 3 }),
      ),
    })).node;
    const render = (entries: Array<[string, Node]>, indent: number, listIndent: number): string[] =>
      entries.flatMap(([k, v]) => {
        const pad = ' '.repeat(indent);
        if (typeof v === 'string') return [`${pad}${k}: ${v}`];
        if (v.length > 0 && typeof v[0] === 'string') return [`${pad}${k}:`, ...(v as string[]).map((x) => `${' '.repeat(indent + listIndent)}- ${x}`)];
        return [`${pad}${k}:`, ...render(v as Array<[string, Node]>, indent + 2, listIndent)];
      });
    const doc = fc.tuple(
      fc.array(fc.tuple(key, node), { minLength: 1, maxLength: 5 }),
      fc.constantFrom(0, 2),
      fc.option(fc.tuple(fc.nat(), fc.constantFrom(' ', '', '\t', '  ', '# c', '- z')), { freq: 3 }),
    );
    let accepted = 0;
    fc.assert(
      fc.property(doc, ([entries, listIndent, nudge]) => {
        const lines = render(entries, 0, listIndent);
        if (nudge !== null) {
          const at = nudge[0] % lines.length;
          lines[at] = nudge[1].startsWith('#') || nudge[1].startsWith('-') ? nudge[1] : `${nudge[1]}${lines[at] ?? ''}`;
        }
        const text = `${lines.join('\n')}\n`;
        const fast = readPlainYaml(text);
        if (fast === undefined) return;
        accepted++;
        let full: unknown;
        try {
          full = parse(text);
        } catch {
          throw new Error(`the fast reader accepted text the yaml library rejects:\n${text}`);
        }
        expect(fast).toEqual(full);
      }),
      { numRuns: 3000 },
    );
    // The property must exercise the reader, not only its refusals.
    expect(accepted).toBeGreaterThan(300);
  });
});
