/**
 * The checks of test/meta/codes.test.ts as pure functions over tables and file texts, so the
 * test can run them over the real tree and over small fixtures that show each one failing.
 */

export interface LoadedTable {
  /** A short name (`statement`, `server`); tables are given lowest layer first. */
  id: string;
  /** The table's source file, repository-relative. */
  file: string;
  table: Readonly<Record<string, object>>;
}

/** Repository-relative path and text. */
export type Texts = ReadonlyMap<string, string>;

const reusedEntry = (entry: object): object | undefined => (entry as { reuses?: object }).reuses;

/** Codes not in code-unit order, as `table: A before B`. */
export function unsorted(tables: readonly LoadedTable[]): string[] {
  return tables.flatMap(({ id, table }) => {
    const keys = Object.keys(table);
    return keys.flatMap((key, i) => (i > 0 && keys[i - 1]! > key ? [`${id}: ${keys[i - 1]} before ${key}`] : []));
  });
}

/**
 * Codes declared more than once (or only re-used), and re-uses that do not take the declaring
 * entry itself or take it from a table above their own.
 */
export function declaredTwice(tables: readonly LoadedTable[]): string[] {
  const declared = new Map<string, Array<{ id: string; index: number; entry: object }>>();
  tables.forEach(({ id, table }, index) => {
    for (const [code, entry] of Object.entries(table))
      if (reusedEntry(entry) === undefined) declared.set(code, [...(declared.get(code) ?? []), { id, index, entry }]);
  });
  const out: string[] = [];
  for (const [code, at] of declared) if (at.length > 1) out.push(`${code} is declared in ${at.map((d) => d.id).join(' and ')}`);
  tables.forEach(({ id, table }, index) => {
    for (const [code, entry] of Object.entries(table)) {
      const reused = reusedEntry(entry);
      if (reused === undefined) continue;
      const origin = declared.get(code)?.[0];
      if (origin === undefined) out.push(`${code} is re-used in ${id} but declared nowhere`);
      else if (origin.entry !== reused) out.push(`${code} in ${id} re-uses another entry than its declaration in ${origin.id}`);
      else if (origin.index >= index) out.push(`${code} in ${id} re-uses ${origin.id}, which is not below it`);
    }
  });
  return out.sort();
}

/** The text with its comments removed (a `//` after a colon or a quote is kept: URLs). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const escape = (code: string): string => code.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** True when `code` is a string literal of one of `texts` (followed by a quote, or by `@` as in `parse/x@1:2-1:3`). */
function literalIn(code: string, texts: readonly string[], allowSpan: boolean): boolean {
  const pattern = new RegExp(`['"\`]${escape(code)}${allowSpan ? `(?=['"\`@])` : `['"\`]`}`);
  return texts.some((t) => pattern.test(t));
}

/** Every distinct code of the tables that no source outside the table files emits, as `table: CODE`. */
export function notEmitted(tables: readonly LoadedTable[], sources: Texts): string[] {
  const tableFiles = new Set(tables.map((t) => t.file));
  const texts = [...sources].filter(([file]) => !tableFiles.has(file)).map(([, text]) => withoutComments(text));
  return firstOwners(tables).flatMap(([code, id]) => (literalIn(code, texts, false) ? [] : [`${id}: ${code}`]));
}

/** Every distinct code of the tables that no test asserts as a string literal, as `table: CODE`. */
export function notAsserted(tables: readonly LoadedTable[], tests: Texts): string[] {
  const texts = [...tests.values()];
  return firstOwners(tables).flatMap(([code, id]) => (literalIn(code, texts, true) ? [] : [`${id}: ${code}`]));
}

/** Each distinct code with the table that declares it (a re-use counts once). */
function firstOwners(tables: readonly LoadedTable[]): Array<[string, string]> {
  const owner = new Map<string, string>();
  for (const { id, table } of tables)
    for (const [code, entry] of Object.entries(table)) if (reusedEntry(entry) === undefined && !owner.has(code)) owner.set(code, id);
  return [...owner];
}

/**
 * UPPER_SNAKE codes the sources emit where a code goes (`code: 'X'`, `code = 'X'`, an error
 * class, `refuse('X'`, `send(reply, 403, 'X'`) that no table holds, as `file: X`.
 */
export function codesOutsideTables(tables: readonly LoadedTable[], sources: Texts, allowed: ReadonlySet<string> = new Set()): string[] {
  const known = new Set(tables.flatMap((t) => Object.keys(t.table)));
  const where =
    /(?:\bcode\??\s*[:=]\s*|\b(?:[A-Z]\w*Error|refuse|failedRun|errorResult)\(\s*(?:\d{3},\s*)?|\bsend\(reply, \d{3}, )'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g;
  const out: string[] = [];
  for (const [file, text] of sources) {
    for (const m of withoutComments(text).matchAll(where)) if (!known.has(m[1]!) && !allowed.has(m[1]!)) out.push(`${file}: ${m[1]}`);
  }
  return [...new Set(out)].sort();
}

/** HTTP answers whose literal status differs from their code's status in the table, as `file: CODE NNN (table: MMM)`. */
export function statusMismatches(table: Readonly<Record<string, object>>, sources: Texts): string[] {
  const answered = /\b(?:new ApiError\(|send\(reply, )\s*(\d{3}),\s*'([A-Z_]+)'/g;
  const out: string[] = [];
  for (const [file, text] of sources) {
    for (const m of text.matchAll(answered)) {
      const status = (table[m[2]!] as { status?: unknown } | undefined)?.status;
      if (status !== Number(m[1])) out.push(`${file}: ${m[2]} ${m[1]} (table: ${String(status)})`);
    }
  }
  return out.sort();
}
