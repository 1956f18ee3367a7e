/**
 * Printing values. Arrays and objects go on one line when they hold no comment and the line
 * stays within MAX_WIDTH; otherwise one element per line (arrays with commas between items,
 * objects like block members). The decision depends only on the AST and the column,
 * which is itself decided by the AST, so formatting twice gives the same text.
 */
import type { ArrayValue, Field, ObjectValue, Value } from '../../../grammar/block/ast.js';
import { numberLiteral, oneLine, stringLiteral } from './literals.js';
import { MAX_WIDTH, type Writer } from './writer.js';

/** A value inside a line, with its own comments around it. */
export function printValue(w: Writer, v: Value): void {
  for (const c of v.leading) w.comment(c);
  w.gap();
  printBody(w, v);
  for (const c of v.trailing) w.comment(c);
}

function printBody(w: Writer, v: Value): void {
  switch (v.kind) {
    case 'string':
      w.text(stringLiteral(v, w.currentIndent()));
      return;
    case 'number':
      w.text(numberLiteral(v));
      return;
    case 'boolean':
      w.text(v.value ? 'true' : 'false');
      return;
    case 'null':
      w.text('null');
      return;
    case 'array':
    case 'object': {
      const flat = oneLine(v);
      if (flat !== undefined && w.column() + flat.length <= MAX_WIDTH) w.text(flat);
      else if (v.kind === 'array') printArrayLines(w, v);
      else printObjectLines(w, v);
    }
  }
}

function printArrayLines(w: Writer, v: ArrayValue): void {
  if (v.items.length === 0 && v.dangling.length === 0) {
    w.text('[]');
    return;
  }
  w.text('[');
  w.endLine();
  w.indent();
  v.items.forEach((item, i) => {
    w.commentLines(item.leading);
    w.startLine();
    printBody(w, item);
    if (i < v.items.length - 1) w.text(',');
    w.trailing(item.trailing);
    w.endLine();
  });
  w.commentLines(v.dangling);
  w.dedent();
  w.startLine();
  w.text(']');
}

function printObjectLines(w: Writer, v: ObjectValue): void {
  if (v.entries.length === 0 && v.dangling.length === 0) {
    w.text('{}');
    return;
  }
  w.text('{');
  w.endLine();
  w.indent();
  for (const entry of v.entries) printFieldLine(w, entry);
  w.commentLines(v.dangling);
  w.dedent();
  w.startLine();
  w.text('}');
}

/** `key = value` on a line of its own, with the field's comments. */
export function printFieldLine(w: Writer, field: Field): void {
  w.commentLines(field.leading);
  w.startLine();
  w.text(`${field.key} =`);
  printValue(w, field.value);
  w.trailing(field.trailing);
  w.endLine();
}
