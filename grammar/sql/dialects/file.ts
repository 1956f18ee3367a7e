/**
 * The `file` driver is DuckDB reading over files: the statement language is DuckDB's exactly,
 * so there is no delta. It stays a separate driver because its engine restriction differs.
 */
import { dialect } from './base-dialect.js';
import { DUCKDB } from './duckdb.js';

export const FILE = dialect('file', {}, DUCKDB.settings, DUCKDB.reading);
