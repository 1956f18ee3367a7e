/**
 * Generated statements for the differential tests: SELECT lists whose items use every quoting
 * form of the PostgreSQL family (plain, E'' and U&'' strings, dollar quotes with and without a
 * tag, quoted names, block and line comments) around text made of the characters that end or
 * escape them, joined into one to three statements.
 */
import fc from 'fast-check';

const body = fc.array(fc.constantFrom('a', ';', '\\', "'", "''", '"', '$', '$$', '-', '*/', '/*', ' ', 'é', 'n'), { maxLength: 6 }).map((p) => p.join(''));

const item = fc.oneof(
  body.map((b) => `'${b}'`),
  body.map((b) => `E'${b}'`),
  body.map((b) => `$$${b}$$`),
  body.map((b) => `$t$${b}$t$`),
  body.map((b) => `"${b}"`),
  body.map((b) => `U&'${b}'`),
  body.map((b) => `/*${b}*/ 1`),
  body.map((b) => `1 --${b}\n`),
  fc.constantFrom('1', '?', '$1', 'x', '(1)'),
);

const statement = fc.array(item, { minLength: 1, maxLength: 3 }).map((items) => `SELECT ${items.join(', ')}`);

/** One to three statements separated by `;`. */
export const postgresFamilyText = fc.array(statement, { minLength: 1, maxLength: 3 }).map((s) => s.join('; '));
