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

/** The unit of a result column: its declared unit, else the last unit word of its name. */
function columnUnit(block: CompiledBlock, column: string): Unit | undefined {
  const declared = block.columns?.[column]?.unit;
  if (declared !== undefined) return BY_WORD.get(declared.toLowerCase());
  const parts = column.toLowerCase().split('_');
  for (let i = parts.length - 1; i >= 0; i--) {
    const unit = BY_WORD.get(parts[i] as string);
    if (unit !== undefined) return unit;
  }
  return undefined;
}

/**
 * The column's own unit when `term` (a measure word the question says, standing for `source`)
 * is another unit of the same quantity; undefined when it is no unit, the same one, or the column
 * has none.
 */
export function otherUnit(block: CompiledBlock, term: string, source: string | undefined): string | undefined {
  const asked = BY_TERM.get(term);
  if (asked === undefined || source === undefined || !source.startsWith('column:')) return undefined;
  const column = source.slice('column:'.length);
  const given = columnUnit(block, column);
  return given !== undefined && given.quantity === asked.quantity && given.unit !== asked.unit ? `${column} in ${given.unit}` : undefined;
}
