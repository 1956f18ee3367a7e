/**
 * Printing members and declarations: one member per line, sections and declarations as
 * `name {` ... `}` blocks (`name {}` when empty; a short section of plain fields on one line), leading comments on the lines above a node,
 * trailing comments after it on its last line, dangling comments before the closing brace.
 */
import type { Assertion, Comment, Declaration, Member, ParamDecl, Section } from '../../../grammar/block/ast.js';
import { oneLine } from './literals.js';
import { printFieldLine, printValue } from './print-values.js';
import { MAX_WIDTH, type Writer } from './writer.js';

export function printMembers(w: Writer, members: readonly Member[]): void {
  for (const member of members) printMember(w, member);
}

function printMember(w: Writer, member: Member): void {
  switch (member.kind) {
    case 'field':
      printFieldLine(w, member);
      return;
    case 'param':
      printStatement(w, member, () => printParam(w, member));
      return;
    case 'assert':
      printStatement(w, member, () => printAssertion(w, member));
      return;
    case 'section': {
      w.commentLines(member.leading);
      w.startLine();
      w.text(member.name);
      const flat = oneLineSection(member);
      if (flat !== undefined && w.column() + flat.length <= MAX_WIDTH) {
        w.text(flat);
        w.trailing(member.trailing);
        w.endLine();
      } else {
        printBraces(w, member.members, member.dangling, member.trailing);
      }
    }
  }
}

/**
 * ` { a = 1  b = 2 }` for a section of plain fields without comments (as `visualization`
 * usually is); fields are set apart by two spaces so each reads as a unit.
 */
function oneLineSection(section: Section): string | undefined {
  if (section.members.length === 0 || section.dangling.length > 0) return undefined;
  const parts: string[] = [];
  for (const m of section.members) {
    if (m.kind !== 'field' || hasComments(m) || hasComments(m.value)) return undefined;
    const text = oneLine(m.value);
    if (text === undefined) return undefined;
    parts.push(`${m.key} = ${text}`);
  }
  return ` { ${parts.join('  ')} }`;
}

function hasComments(node: { leading: Comment[]; trailing: Comment[] }): boolean {
  return node.leading.length > 0 || node.trailing.length > 0;
}

/** A one-line member: leading comments, the body, trailing comments, end of line. */
function printStatement(w: Writer, node: { leading: Comment[]; trailing: Comment[] }, body: () => void): void {
  w.commentLines(node.leading);
  w.startLine();
  body();
  w.trailing(node.trailing);
  w.endLine();
}

function printParam(w: Writer, p: ParamDecl): void {
  w.text(`${p.name}: ${p.type}`);
  if (p.default !== undefined) {
    w.text(' =');
    printValue(w, p.default);
  }
}

function printAssertion(w: Writer, a: Assertion): void {
  w.text(`assert ${a.subject}`);
  switch (a.op) {
    case 'is null':
    case 'is not null':
      w.text(` ${a.op}`);
      return;
    case 'between':
      w.text(' between');
      if (a.value !== undefined) printValue(w, a.value);
      // A comment before the high bound must not start on the low bound's line, or the
      // parser (rightly) reads it as trailing the low bound.
      if (a.value2 !== undefined && a.value2.leading.length > 0) w.breakNext();
      else w.gap();
      w.text('and');
      if (a.value2 !== undefined) printValue(w, a.value2);
      return;
    default:
      w.text(` ${a.op}`);
      if (a.value !== undefined) printValue(w, a.value);
  }
}

/** ` {` members `}` after a name, then the node's trailing comments and the line end. */
function printBraces(w: Writer, members: readonly Member[], dangling: Comment[], trailing: Comment[]): void {
  if (members.length === 0 && dangling.length === 0) {
    w.text(' {}');
  } else {
    w.text(' {');
    w.endLine();
    w.indent();
    printMembers(w, members);
    w.commentLines(dangling);
    w.dedent();
    w.startLine();
    w.text('}');
  }
  w.trailing(trailing);
  w.endLine();
}

export function printDeclaration(w: Writer, decl: Declaration): void {
  w.commentLines(decl.leading);
  w.startLine();
  w.text(`${decl.keyword} ${JSON.stringify(decl.name)}`);
  printBraces(w, decl.members, decl.dangling, decl.trailing);
}
