/**
 * Attaches comments to AST nodes after parsing, by position only:
 * - a comment starting on the line where the previous sibling ends is that sibling's
 *   `trailing` comment (the outermost node ending there takes it: `a = 1 // x` belongs to the
 *   field, not to the number);
 * - any other comment before a node (after its previous sibling) is that node's `leading`;
 * - comments after the last child go to the container's `dangling` list, or for nodes without
 *   one (a field, a parameter, `assert x is null`) to the node's own `trailing`.
 * Each comment is visited once per nesting level, so the pass is linear for bounded depth.
 */
import type { BlockFile, Comment, Declaration, Member, Value } from './ast.js';

type Node = Declaration | Member | Value;

interface Container {
  children: Node[];
  /** Where comments after the last child go. */
  sink: Comment[];
}

function containerOf(node: Node): Container {
  switch (node.kind) {
    case 'declaration':
    case 'section':
      return { children: node.members, sink: node.dangling };
    case 'array':
      return { children: node.items, sink: node.dangling };
    case 'object':
      return { children: node.entries, sink: node.dangling };
    case 'field':
      return { children: [node.value], sink: node.trailing };
    case 'param':
      return { children: node.default === undefined ? [] : [node.default], sink: node.trailing };
    case 'assert':
      return { children: operands(node.value, node.value2), sink: node.trailing };
    default:
      return { children: [], sink: node.trailing };
  }
}

function operands(a: Value | undefined, b: Value | undefined): Value[] {
  const out: Value[] = [];
  if (a !== undefined) out.push(a);
  if (b !== undefined) out.push(b);
  return out;
}

/** Attaches `comments` (sorted by offset) to the nodes of `file`. */
export function attachComments(file: BlockFile, comments: Comment[]): void {
  attachRange({ children: file.declarations, sink: file.dangling }, comments, 0, comments.length);
}

/** Distributes comments[lo, hi), all of which lie inside the container, over its children. */
function attachRange(container: Container, comments: Comment[], lo: number, hi: number): void {
  const { children } = container;
  let at = lo;
  let previous: Node | undefined;
  for (const child of children) {
    const start = child.span.start.offset;
    const end = child.span.end.offset;
    for (; at < hi && comments[at]!.span.start.offset < start; at++) {
      const comment = comments[at]!;
      if (previous !== undefined && comment.span.start.line === previous.span.end.line) previous.trailing.push(comment);
      else child.leading.push(comment);
    }
    let inside = at;
    while (inside < hi && comments[inside]!.span.start.offset < end) inside++;
    if (inside > at) attachRange(containerOf(child), comments, at, inside);
    at = inside;
    previous = child;
  }
  for (; at < hi; at++) {
    const comment = comments[at]!;
    if (previous !== undefined && comment.span.start.line === previous.span.end.line) previous.trailing.push(comment);
    else container.sink.push(comment);
  }
}
