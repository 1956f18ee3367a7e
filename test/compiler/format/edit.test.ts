import { describe, expect, it } from 'vitest';
import { parseBlockFile } from '../../../grammar/block/index.js';
import {
  arrayValue,
  blockComment,
  booleanValue,
  findMember,
  formatBlockFile,
  lineComment,
  nullValue,
  numberValue,
  objectValue,
  removeMember,
  setField,
  stringValue,
  toValue,
} from '../../../src/compiler/format/index.js';

const SOURCE = `// svc-format: 1
block "orders_by_state" {
  domain = "sales"
  status = "draft"                   // captured from a question
  _proposed {
    asked_times = 3
  }
  query = """ SELECT state FROM orders """
}
`;

function parsed() {
  const file = parseBlockFile(SOURCE);
  expect(file.diagnostics).toEqual([]);
  return file;
}

describe('AST edits', () => {
  it('setField replaces a value in place and keeps the field comment', () => {
    const file = parsed();
    const decl = file.declarations[0]!;
    setField(decl, 'status', stringValue('certified'));
    expect(formatBlockFile(file)).toContain('  status = "certified"               // captured from a question\n');
  });

  it('setField adds a new field after the last field, before later sections', () => {
    const file = parsed();
    const decl = file.declarations[0]!;
    setField(decl, 'owner', stringValue('sales@example.test'));
    setField(decl, 'tags', toValue(['a', 'b']));
    const text = formatBlockFile(file);
    expect(text.split('\n').slice(5, 8)).toEqual(['  query = """ SELECT state FROM orders """', '  owner = "sales@example.test"', '  tags = ["a", "b"]']);
  });

  it('removeMember drops a section with its comments, or keeps them on request', () => {
    const file = parsed();
    const decl = file.declarations[0]!;
    decl.members[2]!.leading.push(lineComment('proposal'));
    const removed = removeMember(decl, '_proposed', { keepComments: true });
    expect(removed.map((m) => m.kind)).toEqual(['section']);
    expect(findMember(decl, '_proposed')).toBeUndefined();
    expect(formatBlockFile(file)).toContain('  // proposal\n  query = """ SELECT state FROM orders """\n');
    expect(removeMember(decl, 'domain').map((m) => m.kind)).toEqual(['field']);
    expect(removeMember(decl, 'nothing')).toEqual([]);
  });

  it('constructors print as the literal they build', () => {
    const file = parsed();
    const decl = file.declarations[0]!;
    setField(decl, 'n', numberValue(-2.5));
    setField(decl, 'b', booleanValue(true));
    setField(decl, 'z', nullValue());
    setField(decl, 'o', objectValue({ question: stringValue('q?') }));
    setField(decl, 'a', arrayValue([numberValue(1), stringValue('x\n"y"')]));
    setField(decl, 'q', stringValue('SELECT 1\nFROM t', { triple: true }));
    decl.members.at(-1)!.trailing.push(blockComment('generated'));
    const text = formatBlockFile(file);
    expect(text).toContain('  n = -2.5\n  b = true\n  z = null\n  o = { question = "q?" }\n  a = [1, "x\\n\\"y\\""]\n');
    expect(text).toContain('  q = """\n    SELECT 1\n    FROM t\n  """                                /* generated */\n');
    const again = parseBlockFile(text);
    expect(again.diagnostics).toEqual([]);
    expect(formatBlockFile(again)).toBe(text);
  });

  it('a triple string value that cannot survive the form is written as a quoted string', () => {
    const file = parsed();
    setField(file.declarations[0]!, 'q', stringValue('  indented first line', { triple: true }));
    expect(formatBlockFile(file)).toContain('  q = "  indented first line"\n');
  });

  it('rejects what the language cannot hold', () => {
    expect(() => numberValue(Number.NaN)).toThrow(RangeError);
    expect(() => numberValue(Infinity)).toThrow(RangeError);
    expect(() => setField(parsed().declarations[0]!, 'not-a-key', nullValue())).toThrow(RangeError);
  });

  it('a stale raw text is not trusted', () => {
    const file = parsed();
    const status = findMember(file.declarations[0]!, 'status');
    if (status?.kind !== 'field' || status.value.kind !== 'string') throw new Error('field expected');
    status.value.value = 'review';
    expect(formatBlockFile(file)).toContain('  status = "review" ');
  });
});
