/**
 * "average handling time in minutes" of a block giving aht_seconds, "booked hours" of
 * booked_minutes, "fee income in USD" of fee_income_gbp: a unit asked that is another unit of the
 * same quantity than the column's is a conversion the certified rows do not make. A column's unit
 * is the owner's declared `unit`, else the unit word its name carries.
 */
import type { CompiledBlock } from '../compiler/types.js';
import { termsOfWord } from './tokens.js';

/** Each unit (as a reply names it) and its words, by quantity: a unit is compared only with another of its own quantity. */
const UNITS: ReadonlyArray<readonly [quantity: string, unit: string, words: readonly string[]]> = [
  ['time', 'seconds', ['second', 'seconds', 'secs']],
  ['time', 'minutes', ['minute', 'minutes', 'mins']],
  ['time', 'hours', ['hour', 'hours', 'hrs']],
  ['time', 'days', ['day', 'days']],
  ['time', 'weeks', ['week', 'weeks']],
  ['money', 'GBP', ['gbp', 'sterling']],
  ['money', 'USD', ['usd', 'dollar', 'dollars']],
  ['money', 'EUR', ['eur', 'euro', 'euros']],
  ['distance', 'km', ['km', 'kms', 'kilometre', 'kilometres', 'kilometer', 'kilometers']],
  ['distance', 'miles', ['mile', 'miles']],
  ['weight', 'kg', ['kg', 'kgs', 'kilogram', 'kilograms', 'kilo', 'kilos']],
  ['weight', 'tonnes', ['tonne', 'tonnes', 'ton', 'tons']],
  ['weight', 'lb', ['lb', 'lbs']],
  ['volume', 'litres', ['litre', 'litres', 'liter', 'liters']],
  ['volume', 'gallons', ['gallon', 'gallons']],
];

type Unit = { readonly quantity: string; readonly unit: string };

/** Unit by lower-cased word, as written in a column's name or unit. */
const BY_WORD: ReadonlyMap<string, Unit> = new Map(UNITS.flatMap(([quantity, unit, ws]) => ws.map((w) => [w, { quantity, unit }] as const)));
/** Unit by routing term, as a question's measure words carry it. */
const BY_TERM: ReadonlyMap<string, Unit> = new Map(
  UNITS.flatMap(([quantity, unit, ws]) => ws.flatMap((w) => termsOfWord(w).map((t) => [t, { quantity, unit }] as const))),
);

/** Abbreviations a column's name may end in, never read as a question's word ("min" there is a minimum). */
const NAME_ONLY: ReadonlyMap<string, Unit> = new Map([
  ['min', { quantity: 'time', unit: 'minutes' }],
  ['sec', { quantity: 'time', unit: 'seconds' }],
  ['hr', { quantity: 'time', unit: 'hours' }],
]);

/** The unit of a result column: its declared unit, else the last unit word of its name. */
function columnUnit(block: CompiledBlock, column: string): Unit | undefined {
  const declared = block.columns?.[column]?.unit;
  if (declared !== undefined) return BY_WORD.get(declared.toLowerCase());
  const parts = column.toLowerCase().split('_');
  for (let i = parts.length - 1; i >= 0; i--) {
    const unit = BY_WORD.get(parts[i] as string) ?? NAME_ONLY.get(parts[i] as string);
    if (unit !== undefined) return unit;
  }
  return undefined;
}

/** Whether a measure word is a unit word ("minutes", "USD"). */
export const isUnitTerm = (term: string): boolean => BY_TERM.has(term);

/**
 * The unit a column gives instead, when `term` (a measure word the question says) is another unit
 * of the same quantity than the columns the question's other measure words stand for ("AHT in
 * seconds" of avg_handle_time_min), or, with none, than the column `source` the unit word itself
 * found; undefined when it is no unit, one of theirs, or none of them has a unit of its quantity.
 */
export function otherUnit(block: CompiledBlock, term: string, source: string | undefined, others: readonly string[] = []): string | undefined {
  const asked = BY_TERM.get(term);
  if (asked === undefined) return undefined;
  const columns = (others.length > 0 ? others : [source ?? '']).filter((c) => c.startsWith('column:')).map((c) => c.slice('column:'.length));
  const units = columns.map((c) => [c, columnUnit(block, c)] as const).filter(([, u]) => u !== undefined && u.quantity === asked.quantity);
  if (units.length === 0 || units.some(([, u]) => u?.unit === asked.unit)) return undefined;
  const [column, unit] = units[0] as readonly [string, Unit];
  return `${column} in ${unit.unit}`;
}
