/**
 * One query path (DESIGN.md section 7; spec 03 query path item 11): only the executor and the
 * connectors listed below may reach a database. Every `src/**` module is read with the
 * TypeScript checker and a call site fails the test when, outside the allowlist, it
 *   - calls `.prepare(` or `.runStatement(` (a connector's run method) on anything,
 *   - calls `.exec(` on anything that is not a RegExp (regex `.exec` is fine everywhere),
 *   - constructs `new Database(` or imports a SQLite driver module.
 * A new direct call site anywhere fails; a new connector file must be added here on review.
 * Also (spec 03 item 11): connectors are opened only by the executor, and server code takes the
 * executor it is given (only start-local-server creates one).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/project.js';

const ALLOWED = new Set([
  'src/warehouse/executor.ts',
  'src/warehouse/connectors/clickhouse.ts',
  'src/warehouse/connectors/connector.ts',
  'src/warehouse/connectors/duckdb.ts',
  'src/warehouse/connectors/duckdb-values.ts',
  'src/warehouse/connectors/postgresql.ts',
  'src/warehouse/connectors/postgresql-values.ts',
  'src/warehouse/connectors/sqlite.ts',
  'src/warehouse/connectors/sqlite-child-source.ts',
  'src/warehouse/connectors/statement-pool.ts',
]);
/**
 * The service's own local state, not a warehouse: the Ask trace store (spec 01: a project-local
 * `.svc/local/ask-observability` SQLite file, opened by its own module) and the run and
 * conversation stores (DESIGN.md section 10, `src/hooks/stores/`). Statements there never
 * reach a warehouse connection, so they are outside the one query path; nothing else is.
 */
const STATE_STORE_DIRS = ['src/traces/', 'src/hooks/stores/'];
/**
 * Databases that are no connection of a project: `svc init --example` writes a new example
 * warehouse file before any project exists (`--warehouse sqlite|duckdb` an empty one), and `compile --validate` has SQLite read the syntax
 * of a statement the check refused on an empty in-memory database (no table, no row).
 */
const NOT_A_CONNECTION = new Set(['src/runtime/init/empty-warehouse.ts', 'src/runtime/init/example-warehouse.ts', 'src/runtime/validate/sqlite-syntax.ts']);
const DRIVER_MODULES = new Set(['better-sqlite3', 'node:sqlite', 'sqlite3', 'duckdb', '@duckdb/node-api', 'pg', 'mysql2', '@clickhouse/client']);
const ALWAYS = new Set(['prepare', 'runStatement']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

function isRegExp(checker: ts.TypeChecker, node: ts.Expression): boolean {
  const type = checker.getNonNullableType(checker.getTypeAtLocation(node));
  const parts = type.isUnion() ? type.types : [type];
  return parts.every((t) => t.getSymbol()?.getName() === 'RegExp');
}

/** `file:line what` for every direct database call site in `sf`. */
function callSites(sf: ts.SourceFile, checker: ts.TypeChecker): string[] {
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (ALWAYS.has(name)) at(node, `.${name}(`);
      if (name === 'exec' && !isRegExp(checker, node.expression.expression)) at(node, '.exec(');
    }
    if (ts.isNewExpression(node) && node.expression.getText(sf) === 'Database') at(node, 'new Database(');
    const spec =
      ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
        ? node.moduleSpecifier
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
          ? node.arguments[0]
          : undefined;
    if (spec !== undefined && ts.isStringLiteral(spec) && DRIVER_MODULES.has(spec.text)) at(node, `import '${spec.text}'`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('one query path', () => {
  const files = sourceFiles(join(REPO, 'src'));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const sites = (rel: string) => callSites(program.getSourceFile(join(REPO, rel)) as ts.SourceFile, checker);

  it('has no direct database call site outside the executor and the connectors', () => {
    const offenders = files
      .map((f) => relative(REPO, f).split('\\').join('/'))
      .filter((rel) => !ALLOWED.has(rel) && !NOT_A_CONNECTION.has(rel) && !STATE_STORE_DIRS.some((dir) => rel.startsWith(dir)))
      .flatMap((rel) => sites(rel).map((site) => `${rel}:${site}`));
    expect(offenders).toEqual([]);
  });

  it('still sees the call sites it allows (the scan is not blind)', () => {
    expect(sites('src/warehouse/executor.ts').some((s) => s.endsWith('.runStatement('))).toBe(true);
  });

  it('opens connectors only in the executor, and servers build no executor of their own', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const rel = relative(REPO, file).split('\\').join('/');
      const text = program.getSourceFile(file)?.getFullText() ?? '';
      // A connector's opener is named only in its own file and in the registry the executor reads.
      const openers = [...text.matchAll(/\b(open(\w+)Connector|(\w+)ConnectorFactory)\b/g)].filter((m) => m[2] !== undefined || (m[3] ?? '') !== '');
      const own = (m: RegExpMatchArray) => rel === `src/warehouse/connectors/${(m[2] ?? m[3] ?? '').toLowerCase()}.ts`;
      if (openers.some((m) => !own(m)) && rel !== 'src/warehouse/connectors/registry.ts') offenders.push(`${rel} opens a connector`);
      if (rel.startsWith('src/server/') && rel !== 'src/server/start/start-local-server.ts' && /\bcreateExecutor\s*\(/.test(text))
        offenders.push(`${rel} creates an executor`);
    }
    expect(offenders).toEqual([]);
  });

  /**
   * Every place an executor is created, across all of src/ (spec 03 item 11; issue: "the guard
   * test enumerates executor and connector creation across all of src/"): one per server
   * (start-local-server), and one per process for the commands that are not a server (certify,
   * eval, MCP over stdio, agent ask, compile --validate, app build). A new one fails here until reviewed.
   */
  const EXECUTOR_SITES = [
    'src/cli/commands/agent-ask.ts',
    'src/cli/commands/compile.ts',
    'src/runtime/agent-tools/open-context.ts',
    // svc app build on the command line: its preview runs the draft's tiles once, as the server's preview does.
    'src/runtime/app-builder/build-command.ts',
    'src/runtime/certify/executor-runner.ts',
    // svc keys prove on the command line: its proofs run through the same executor as certify's.
    'src/runtime/certify/keys-prove.ts',
    'src/runtime/doctor/doctor.ts',
    'src/runtime/eval/evaluate.ts',
    'src/server/start/start-local-server.ts',
  ];

  it('creates executors only where the allowlist says', () => {
    const creating = files
      .map((f) => [relative(REPO, f).split('\\').join('/'), program.getSourceFile(f)?.getFullText() ?? ''] as const)
      .filter(([rel, text]) => rel !== 'src/warehouse/executor.ts' && /\bcreateExecutor\s*\(/.test(text))
      .map(([rel]) => rel)
      .sort();
    expect(creating).toEqual(EXECUTOR_SITES);
  });

  it('tells a RegExp .exec from a database .exec', () => {
    const text = [
      "import Database from 'better-sqlite3';",
      'const RE = /a/;',
      "RE.exec('a');",
      "/b/.exec('b');",
      "const db = new Database(':memory:');",
      "db.exec('DELETE FROM t');",
      "db.prepare('SELECT 1');",
    ].join('\n');
    const host = ts.createCompilerHost({
      noEmit: true,
      types: ['node'],
      skipLibCheck: true,
      esModuleInterop: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    });
    const probe = join(REPO, 'src/__probe__.ts');
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang, ...rest) => (name === probe ? ts.createSourceFile(name, text, lang) : getSourceFile(name, lang, ...rest));
    const p = ts.createProgram(
      [probe],
      {
        noEmit: true,
        types: ['node'],
        skipLibCheck: true,
        esModuleInterop: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
      },
      host,
    );
    const found = callSites(p.getSourceFile(probe) as ts.SourceFile, p.getTypeChecker());
    expect(found).toEqual(["1 import 'better-sqlite3'", '5 new Database(', '6 .exec(', '7 .prepare(']);
  });
});
