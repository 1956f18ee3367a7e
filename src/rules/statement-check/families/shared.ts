/**
 * Families every engine shares (spec 03, query path items 8 and 9). Engine files add their
 * own; a key an engine repeats is the engine's.
 */
import type { EngineFamilies } from './types.js';

export const SHARED: EngineFamilies = {
  statements: {
    attach: 'attach',
    call: 'call',
    copy: 'copy',
    deallocate: 'prepared-statement',
    detach: 'attach',
    exec: 'call',
    execute: 'prepared-statement',
    'execute immediate': 'query-as-text',
    export: 'export-import',
    'force install': 'install',
    import: 'export-import',
    install: 'install',
    load: 'load',
    pragma: 'pragma',
    prepare: 'prepared-statement',
    reset: 'setting',
    set: 'setting',
    uninstall: 'install',
    unset: 'setting',
    use: 'session',
  },
  functions: {
    // Connectors such as Trino's expose a `query` table function running text as a query.
    query: 'query-as-text',
  },
  // EXECUTE IMMEDIATE runs text as a statement wherever it stands (inside scripting blocks too).
  phrases: { 'execute immediate': 'query-as-text' },
  systemCatalog: [
    // ANSI information_schema views about roles and grants.
    'information_schema.*privileges',
    'information_schema.*role*',
    'information_schema.user_mapping*',
  ],
  show: [],
  effectFunctions: ['nextval', 'setval'],
  // NEXT VALUE FOR seq advances a sequence (SQL standard; SQL Server, MariaDB, DB2).
  effectPhrases: ['next value for'],
  lockPhrases: ['for update', 'for share', 'for no key update', 'for key share', 'lock in share mode'],
};
