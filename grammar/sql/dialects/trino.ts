/**
 * Trino: the ANSI base plus U&'...' Unicode strings.
 */
import { dialect } from './base-dialect.js';

export const TRINO = dialect('trino', {
  // U&'...' spells characters as \XXXX escapes.
  unicodeEscapes: true,
  // MATCH_RECOGNIZE's PATTERN (^ A+ $) ends with a bare `$`.
  patternAnchors: true,
});
