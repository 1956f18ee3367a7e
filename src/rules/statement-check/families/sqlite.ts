/**
 * SQLite: attached databases, pragmas, run-time extensions and the file functions of its shell
 * extensions.
 */
import type { EngineFamilies } from './types.js';

export const SQLITE_FAMILIES: Partial<EngineFamilies> = {
  statements: {
    // VACUUM INTO writes the database to a file.
    'vacuum into': 'file',
    // Virtual tables read files (csv, zipfile) or engine internals.
    'create virtual table': 'table-function',
  },
  functions: {
    load_extension: 'extension',
    readfile: 'file-reader',
    writefile: 'file',
    edit: 'file',
    fsdir: 'file-reader',
    zipfile: 'file-reader',
    'sqlar_*': 'file',
    fts3_tokenizer: 'extension',
    'pragma_*': 'pragma',
    dbstat: 'table-function',
    sqlite_dbpage: 'table-function',
    sqlite_dbdata: 'table-function',
  },
  // The schema's own PRAGMA functions, which have no side effect and describe what sqlite_schema shows (allow/sqlite.ts).
  functionsExcept: [
    'pragma_foreign_key_list',
    'pragma_index_info',
    'pragma_index_list',
    'pragma_index_xinfo',
    'pragma_table_info',
    'pragma_table_list',
    'pragma_table_xinfo',
  ],
  // SQLite keeps no record of sessions, queries or users.
  systemCatalog: [],
  show: [],
  effectFunctions: [],
};
