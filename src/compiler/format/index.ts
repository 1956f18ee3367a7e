/**
 * The canonical formatter for .svc files (`svc fmt`) and AST edit helpers for commands that
 * rewrite block files.
 */

export { findMember, type MemberContainer, memberKey, removeMember, setField } from './edit.js';
export { FORMAT_HEADER, type FormatTextResult, formatBlockFile, formatText, withFormatHeader } from './format-file.js';
export {
  arrayValue,
  blockComment,
  booleanValue,
  fieldNode,
  type JsonLike,
  lineComment,
  nullValue,
  numberValue,
  objectValue,
  stringValue,
  syntheticSpan,
  toValue,
} from './values.js';
export { MAX_WIDTH } from './writer.js';
