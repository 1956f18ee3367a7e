/**
 * The canonical formatter for .svc files (`svc fmt`) and AST edit helpers for commands that
 * rewrite block files.
 */
export { formatBlockFile, formatText, type FormatTextResult } from './format-file.js';
export { findMember, memberKey, removeMember, setField, type MemberContainer } from './edit.js';
export {
  arrayValue,
  blockComment,
  booleanValue,
  fieldNode,
  lineComment,
  nullValue,
  numberValue,
  objectValue,
  stringValue,
  syntheticSpan,
  toValue,
  type JsonLike,
} from './values.js';
export { MAX_WIDTH } from './writer.js';
