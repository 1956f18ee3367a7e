/**
 * Properties of the formatter over generated ASTs and generated layouts:
 * - printing then parsing gives back every declaration, member and value (the (path, value)
 *   content) and the multiset of comments, without diagnostics;
 * - formatting is idempotent: fmt(fmt(x)) == fmt(x);
 * - for any layout of the same tokens, formatting keeps every comment attached to the node
 *   the parser attached it to.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BlockFile, Comment, Member, Value } from '../../../grammar/block/ast.js';
import { blockLexer, parseBlockFile, tripleRoundTrips } from '../../../grammar/block/index.js';
import { formatBlockFile } from '../../../src/compiler/format/index.js';
import { attachments } from '../../grammar/block/helpers.js';
import { blockFileArb } from './arbitraries.js';

/** Content without positions, raw text or comments: what formatting must never change. */
function content(file: BlockFile): unknown {
  const value = (v: Value): unknown => {
    switch (v.kind) {
      case 'string':
        return { s: v.value, triple: v.triple && tripleRoundTrips(v.value) };
      case 'array':
        return v.items.map(value);
      case 'object':
        return v.entries.map((e) => [e.key, value(e.value)]);
      case 'null':
        return null;
      default:
        return v.value;
    }
  };
  const member = (m: Member): unknown => {
    switch (m.kind) {
      case 'field':
        return ['field', m.key, value(m.value)];
      case 'param':
        return ['param', m.name, m.type, m.default && value(m.default)];
      case 'assert':
        return ['assert', m.subject, m.op, m.value && value(m.value), m.value2 && value(m.value2)];
      case 'section':
        return ['section', m.name, m.members.map(member)];
    }
  };
  return file.declarations.map((d) => [d.keyword, d.name, d.members.map(member)]);
}

/** Every comment text in the tree, sorted. */
function commentTexts(file: BlockFile): string[] {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if ((record['kind'] === 'line' || record['kind'] === 'block') && typeof record['text'] === 'string') {
      out.push((record as unknown as Comment).text);
      return;
    }
    for (const [key, child] of Object.entries(record)) if (key !== 'span' && key !== 'diagnostics') visit(child);
  };
  visit(file);
  return out.sort();
}

/** The same tokens and comments joined by random whitespace (a `//` comment still ends its line). */
function relayout(text: string, seps: string[]): string {
  const lexed = blockLexer().tokenize(text);
  const pieces = [...lexed.tokens, ...(lexed.groups['comments'] ?? [])].sort((a, b) => a.startOffset - b.startOffset);
  return pieces
    .map((t, i) => {
      const sep = t.image.startsWith('//') ? '\n' : (seps[i % seps.length] ?? ' ');
      return t.image + sep;
    })
    .join('');
}

// SVC_PROPERTY_RUNS raises the count for a deeper local search.
const RUNS = { numRuns: Number(process.env['SVC_PROPERTY_RUNS'] ?? 300) };

describe('formatter properties', () => {
  it('AST -> text -> AST keeps all content and comments; formatting is idempotent', () => {
    fc.assert(
      fc.property(blockFileArb, (ast) => {
        const text = formatBlockFile(ast);
        const parsed = parseBlockFile(text);
        expect(parsed.diagnostics).toEqual([]);
        expect(content(parsed)).toEqual(content(ast));
        expect(commentTexts(parsed)).toEqual(commentTexts(ast));
        expect(formatBlockFile(parsed)).toBe(text);
      }),
      RUNS,
    );
  });

  it('any layout: formatting keeps content, comments and their attachment', () => {
    const separator = fc.constantFrom(' ', '\n', '  ', '\n    ', ' \n\n ', '\t');
    fc.assert(
      fc.property(blockFileArb, fc.array(separator, { minLength: 1, maxLength: 7 }), (ast, seps) => {
        const messy = relayout(formatBlockFile(ast), seps);
        const parsed = parseBlockFile(messy);
        expect(parsed.diagnostics).toEqual([]);
        expect(content(parsed)).toEqual(content(ast));
        expect(commentTexts(parsed)).toEqual(commentTexts(ast));
        const once = formatBlockFile(parsed);
        const reparsed = parseBlockFile(once);
        expect(attachments(reparsed)).toEqual(attachments(parsed));
        expect(formatBlockFile(reparsed)).toBe(once);
      }),
      RUNS,
    );
  });
});
