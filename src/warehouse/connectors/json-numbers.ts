/**
 * Numbers as every connector answers them (docs/warehouses.md): a number when a double holds it
 * exactly, else its digits as text, so no driver rounds a big integer or a long decimal silently.
 */
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** True when the decimal text has at most 15 significant digits (a double holds it exactly). */
export function fitsDouble(text: string): boolean {
  const digits = text.replace(/[-+.]/g, '').replace(/^0+/, '');
  return digits.replace(/0+$/, '').length <= 15;
}

/** An integer within 2^53 as a number, a larger one as its digits. */
export function integerCell(value: bigint | string): number | string {
  const big = typeof value === 'bigint' ? value : BigInt(value);
  return big <= SAFE && big >= -SAFE ? Number(big) : big.toString();
}

/** A decimal's text as a number when exact, else the text. */
export function decimalCell(text: string): number | string {
  return /^[-+]?\d+(\.\d+)?$/.test(text) && fitsDouble(text) ? Number(text) : text;
}
