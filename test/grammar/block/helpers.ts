/**
 * Helpers for block-grammar tests: compact views of diagnostics and AST nodes so tables of
 * cases can state codes, spans and data in one line each.
 */
import { expect } from 'vitest';
import type { BlockFile, Comment, Member, Value } from '../../../grammar/block/index.js';
import { isRegisteredCode } from '../../../grammar/codes.js';
import type { Diagnostic, Span } from '../../../grammar/diagnostics.js';

/** `line:col-line:col`, 1-based, end exclusive. */
export function at(span: Span | undefined): string {
  if (span === undefined) return '(none)';
  return `${span.start.line}:${span.start.column}-${span.end.line}:${span.end.column}`;
}

/** `code@span` for each diagnostic, in order. */
export function codesAt(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => `${d.code}@${at(d.span)}`);
}

/** The key a member is known by. */
export function keyOf(member: Member): string {
  switch (member.kind) {
    case 'field':
      return member.key;
    case 'param':
    case 'section':
      return member.name;
    case 'assert':
      return `assert ${member.subject}`;
  }
}

/** Plain data of a value (what it means, without spans, raw text or comments). */
export function plain(value: Value | undefined): unknown {
  if (value === undefined) return undefined;
  switch (value.kind) {
    case 'array':
      return value.items.map(plain);
    case 'object':
      return Object.fromEntries(value.entries.map((e) => [e.key, plain(e.value)]));
    case 'null':
      return null;
    default:
      return value.value;
  }
}

/** Checks what every parse result must satisfy, whatever the input. */
export function expectWellFormed(text: string, file: BlockFile): void {
  for (const d of file.diagnostics) {
    expect(isRegisteredCode(d.code), d.code).toBe(true);
    expect(d.span, d.code).toBeDefined();
    const { start, end } = d.span!;
    expect(start.line).toBeGreaterThanOrEqual(1);
    expect(start.column).toBeGreaterThanOrEqual(1);
    expect(start.offset).toBeGreaterThanOrEqual(0);
    expect(end.offset).toBeGreaterThanOrEqual(start.offset);
    expect(end.offset).toBeLessThanOrEqual(text.length);
  }
}

/** Every comment as `slot:text` at the path of the node holding it. */
export function attachments(file: BlockFile): string[] {
  const out: string[] = [];
  const put = (path: string, slot: string, list: Comment[]) => list.forEach((c) => out.push(`${path} ${slot} ${c.text}`));
  const value = (path: string, v: Value) => {
    put(path, 'leading', v.leading);
    put(path, 'trailing', v.trailing);
    if (v.kind === 'array') {
      v.items.forEach((item, i) => value(`${path}[${i}]`, item));
      put(path, 'dangling', v.dangling);
    }
    if (v.kind === 'object') {
      v.entries.forEach((e) => member(path, e));
      put(path, 'dangling', v.dangling);
    }
  };
  const member = (parent: string, m: Member) => {
    const path = `${parent}.${m.kind === 'field' ? m.key : m.kind === 'assert' ? `assert:${m.subject}` : m.name}`;
    put(path, 'leading', m.leading);
    put(path, 'trailing', m.trailing);
    if (m.kind === 'field') value(`${path}=`, m.value);
    if (m.kind === 'param' && m.default) value(`${path}=`, m.default);
    if (m.kind === 'assert' && m.value) value(`${path}#1`, m.value);
    if (m.kind === 'assert' && m.value2) value(`${path}#2`, m.value2);
    if (m.kind === 'section') {
      m.members.forEach((c) => member(path, c));
      put(path, 'dangling', m.dangling);
    }
  };
  for (const d of file.declarations) {
    put(d.name, 'leading', d.leading);
    put(d.name, 'trailing', d.trailing);
    d.members.forEach((m) => member(d.name, m));
    put(d.name, 'dangling', d.dangling);
  }
  put('file', 'dangling', file.dangling);
  return out;
}
