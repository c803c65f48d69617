/**
 * Exact money arithmetic on integers. Amounts are integers in the currency's minor units,
 * rates and taxable parts integers in units of 0.0001 %. Products that could pass 2^53 are
 * done in BigInt, so every result is exact; rounding is half away from zero ("half-up" on
 * the magnitude) to the minor unit.
 */

/** Scale of rates and taxable parts: 1 % = 10 000 units. */
export const RATE_SCALE = 10_000;
/** 100 % in rate units. */
export const PERCENT_100 = 100 * RATE_SCALE;

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;
const POW10 = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000];

/**
 * Integer units of a non-negative decimal string at `scale` decimals ("9.975", 4 → 99750).
 * Digits past the scale are an error: rule data is validated to fit.
 */
export function decimalUnits(text: string, scale: number): number {
  const m = DECIMAL_RE.exec(text);
  if (!m || m[1]) throw new RangeError(`not a non-negative decimal: ${text}`);
  const frac = m[3] ?? '';
  if (frac.length > scale) throw new RangeError(`${text} has more than ${scale} decimals`);
  return Number(m[2]) * 10 ** scale + (frac ? Number(frac.padEnd(scale, '0')) : 0);
}

/** An amount in minor units: a safe-integer number, or a BigInt beyond. */
export type Minor = number | bigint;

export type ParsedAmount =
  | { ok: true; minor: Minor }
  | { ok: false; problem: 'malformed' | 'precision' };

/**
 * Parses a decimal amount into minor units. Accepts an optional sign and at most
 * `minorUnits` decimals (trailing zeros beyond are accepted: "10.500" EUR is 1050).
 */
export function parseAmount(text: string, minorUnits: number): ParsedAmount {
  const fast = parseMinorNumber(text, minorUnits);
  if (!Number.isNaN(fast)) return { ok: true, minor: fast };
  const m = DECIMAL_RE.exec(text.trim());
  if (!m) return { ok: false, problem: 'malformed' };
  let frac = m[3] ?? '';
  while (frac.length > minorUnits && frac.endsWith('0')) frac = frac.slice(0, -1);
  if (frac.length > minorUnits) return { ok: false, problem: 'precision' };
  const whole = m[2] as string;
  const fracDigits = frac ? frac.padEnd(minorUnits, '0') : '';
  const minor = BigInt(whole) * 10n ** BigInt(minorUnits) + (fracDigits ? BigInt(fracDigits) : 0n);
  return { ok: true, minor: normalMinor(m[1] ? -minor : minor) };
}

/**
 * Whether a decimal text is already the canonical form of its amount in a currency with
 * `minorUnits` decimals, so that `formatMinor(parseAmount(text))` would give it back:
 * digits with no leading zero, exactly `minorUnits` decimals, no sign on zero.
 */
export function isCanonicalAmount(text: string, minorUnits: number): boolean {
  const n = text.length;
  const start = text.charCodeAt(0) === 45 ? 1 : 0; // "-"
  const point = minorUnits === 0 ? n : n - minorUnits - 1;
  if (point <= start || (minorUnits > 0 && text.charCodeAt(point) !== 46)) return false;
  if (text.charCodeAt(start) === 48 && point - start > 1) return false; // a leading zero
  let nonZero = false;
  for (let i = start; i < n; i++) {
    if (i === point) continue;
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
    if (c !== 48) nonZero = true;
  }
  return start === 0 || nonZero;
}

/**
 * The amount of plain input ("-123.45", at most 15 digits) in minor units as a number, or
 * NaN when it needs the general path (parseAmount): more digits, more decimals than the
 * currency has, or anything not a plain decimal.
 */
export function parseMinorNumber(text: string, minorUnits: number): number {
  const n = text.length;
  if (n === 0 || n > 17 || minorUnits >= POW10.length) return Number.NaN;
  let i = 0;
  const neg = text.charCodeAt(0) === 45;
  if (neg) i = 1;
  let whole = 0;
  let wholeDigits = 0;
  for (; i < n; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) break;
    whole = whole * 10 + d;
    wholeDigits++;
  }
  if (wholeDigits === 0 || wholeDigits + minorUnits > 15) return Number.NaN;
  let frac = 0;
  let fracDigits = 0;
  if (i < n) {
    if (text.charCodeAt(i) !== 46 || i === n - 1) return Number.NaN;
    for (i++; i < n; i++) {
      const d = text.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return Number.NaN;
      if (fracDigits < minorUnits) {
        frac = frac * 10 + d;
        fracDigits++;
      } else if (d !== 0) return Number.NaN;
    }
  }
  const minor = whole * (POW10[minorUnits] as number) + frac * (POW10[minorUnits - fracDigits] as number);
  return neg && minor !== 0 ? -minor : minor;
}

const MAX_SAFE = /* @__PURE__ */ BigInt(Number.MAX_SAFE_INTEGER);

/** A BigInt as a number when it is a safe integer. */
export function normalMinor(v: bigint): Minor {
  return v <= MAX_SAFE && v >= -MAX_SAFE ? Number(v) : v;
}

/** The sum of two minor amounts, a number while that is exact. */
export function addMinor(a: Minor, b: Minor): Minor {
  if (typeof a === 'number' && typeof b === 'number') {
    const s = a + b;
    if (s <= Number.MAX_SAFE_INTEGER && s >= -Number.MAX_SAFE_INTEGER) return s;
  }
  return normalMinor(BigInt(a) + BigInt(b));
}

/** ".00" to ".99": the point and cents of an amount in a currency with two decimals (one concatenation with the whole part). */
const POINT_TWO_DIGITS: readonly string[] = /* @__PURE__ */ Array.from({ length: 100 }, (_, i) => (i < 10 ? `.0${i}` : `.${i}`));

/**
 * Decimal string of a minor-unit amount given as a safe integer (1900, 2 → "19.00"); the
 * same text as formatMinor, without BigInt.
 */
export function formatMinorNumber(minor: number, minorUnits: number): string {
  if (minorUnits === 2 && minor >= 0 && minor < SMALL_AMOUNTS && minor === (minor | 0)) {
    const table = (smallAmounts.texts ??= new Array<string | null>(SMALL_AMOUNTS).fill(null));
    return table[minor] ?? (table[minor] = amountText(minor, 2));
  }
  return amountText(minor, minorUnits);
}

/**
 * The texts of the amounts from 0.00 to 99.99 in a currency with two decimals, each made on its
 * first use and kept (the table itself on the first such amount): a calculation formats each
 * line's tax and total, most of them small, and a text kept is one load where a new one is a
 * number's text and a concatenation. Bound: SMALL_AMOUNTS texts, about 32 bytes each with their
 * slot (320 kB were every one of them used). A string is immutable: the one text in many answers
 * is no state they share. Filled with nulls, not left with holes, so that a read never reaches a
 * polluted prototype's numeric field.
 */
const SMALL_AMOUNTS = 10_000;
const smallAmounts: { texts: (string | null)[] | null } = { texts: null };

/** formatMinorNumber made afresh. */
function amountText(minor: number, minorUnits: number): string {
  if (minorUnits >= POW10.length) return formatMinor(BigInt(minor), minorUnits);
  const abs = minor < 0 ? -minor : minor;
  if (minorUnits === 0) return minor < 0 ? `-${abs}` : String(abs);
  const scale = POW10[minorUnits] as number;
  let whole = Math.floor(abs / scale);
  let rem = abs - whole * scale; // exact; the quotient may have rounded up near 2^53
  if (rem < 0) {
    whole -= 1;
    rem += scale;
  }
  const fracText = minorUnits === 2 ? (POINT_TWO_DIGITS[rem] as string) : `.${String(rem).padStart(minorUnits, '0')}`;
  return minor < 0 ? `-${whole}${fracText}` : `${whole}${fracText}`;
}

/** Decimal string of a minor-unit amount ("1900", 2 → "19.00"), given as a safe-integer number or a BigInt. */
export function formatMinor(minor: bigint | number, minorUnits: number): string {
  if (typeof minor === 'number') return formatMinorNumber(minor, minorUnits);
  // In doubles when exact: no BigInt string conversion.
  if (minor <= MAX_SAFE && minor >= -MAX_SAFE && minorUnits < POW10.length) return formatMinorNumber(Number(minor), minorUnits);
  const neg = minor < 0n;
  const abs = neg ? -minor : minor;
  const digits = (abs <= MAX_SAFE ? String(Number(abs)) : abs.toString()).padStart(minorUnits + 1, '0');
  const text = minorUnits === 0 ? digits : `${digits.slice(0, -minorUnits)}.${digits.slice(-minorUnits)}`;
  return neg ? `-${text}` : text;
}

/**
 * A minor-unit amount (a BigInt, or a safe-integer number) as a number: the nearest double
 * to minor / 10^minorUnits, which is also Number(formatMinor(minor, minorUnits)).
 */
export function minorToNumber(minor: bigint | number, minorUnits: number): number {
  if (minorUnits < POW10.length) {
    const scale = POW10[minorUnits] as number;
    if (typeof minor === 'number') return minor / scale;
    if (minor <= MAX_SAFE && minor >= -MAX_SAFE) return Number(minor) / scale;
  }
  return Number(formatMinor(BigInt(minor), minorUnits));
}

/** Percentage string in units of 0.0001 % back to text without trailing zeros (99750 → "9.975"). */
export function formatUnits(units: number): string {
  const whole = Math.floor(units / RATE_SCALE);
  const frac = (units % RATE_SCALE).toString().padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** Compares two decimal strings ("150", "149.99", "-3.5") exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  // At most 15 digits each: the nearest doubles are distinct and in the same order.
  if (a.length <= 16 && b.length <= 16 && DECIMAL_RE.test(a) && DECIMAL_RE.test(b)) {
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = DECIMAL_RE.exec(a.trim());
  const y = DECIMAL_RE.exec(b.trim());
  if (!x || !y) throw new RangeError(`not a decimal: ${x ? b : a}`);
  const scale = Math.max((x[3] ?? '').length, (y[3] ?? '').length);
  const units = (m: RegExpExecArray): bigint => {
    const v = BigInt((m[2] as string) + (m[3] ?? '').padEnd(scale, '0'));
    return m[1] ? -v : v;
  };
  const d = units(x) - units(y);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** A non-negative decimal read exactly: `units / 10^scale`. */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * The exact decimal of a number or a decimal string, or null when it is negative or has no
 * plain decimal form (a number printed with an exponent, 1e21 or 1e-7).
 */
export function decimalOf(value: number | string): Decimal | null {
  const text = typeof value === 'number' ? String(value) : value;
  const m = DECIMAL.exec(text);
  if (m === null) return null;
  const frac = m[2] ?? '';
  return { units: BigInt((m[1] as string) + frac), scale: frac.length };
}

/** The decimal's trailing zeros dropped (2.50 → 2.5), so that its scale is the number of digits it needs. */
export function trimmed(d: Decimal): Decimal {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
}

/** A decimal in minor units when it has at most `minorUnits` decimals (after trailing zeros), else null. */
export function minorOf(d: Decimal, minorUnits: number): bigint | null {
  const t = trimmed(d);
  if (t.scale > minorUnits) return null;
  return t.units * 10n ** BigInt(minorUnits - t.scale);
}

/** An amount's text (as `parseAmount` reads it) in minor units as a BigInt, or null when it has more decimals than the currency. */
export function minorOfText(text: string, minorUnits: number): bigint | null {
  const p = parseAmount(text, minorUnits);
  return p.ok ? BigInt(p.minor) : null;
}

/** An amount's text in minor units, of an amount this library wrote (a RangeError for any other: a bug, never an input's fault). */
export function minorOfOwnText(text: string, minorUnits: number): bigint {
  const m = minorOfText(text, minorUnits);
  if (m === null) throw new RangeError(`${text} is not an amount in ${minorUnits} decimals`);
  return m;
}

/** A BigInt amount in minor units as text with its currency's decimals. */
export const moneyText = (v: bigint, minorUnits: number): string => formatMinor(normalMinor(v), minorUnits);

/** The sign of an amount (-1, 0 or 1), and its magnitude. */
export const signOf = (v: bigint): number => (v > 0n ? 1 : v < 0n ? -1 : 0);
export const absOf = (v: bigint): bigint => (v < 0n ? -v : v);

/** A percentage in rate units (0.0001 %) when it has at most 4 decimals, else null. */
export function rateUnitsOf(d: Decimal): number | null {
  const t = trimmed(d);
  if (t.scale > 4) return null;
  return Number(t.units * 10n ** BigInt(4 - t.scale));
}

/** An amount in minor units as a number in the major unit (1999, 2 → 19.99). */
export function majorNumber(minor: bigint | number, minorUnits: number): number {
  return Number(formatMinor(minor, minorUnits));
}

/** A percentage in rate units as a number (200000 → 20). */
export function rateNumber(units: number): number {
  return units / RATE_SCALE;
}

/**
 * n / d rounded half up, for n ≥ 0 and d > 0: the one half-up division of taxrules on
 * BigInt (pricing's bigint arithmetic, refunds, percentages, conversions).
 */
export function roundDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return (n % d) * 2n >= d ? q + 1n : q;
}

/** A percentage (rate units) of an amount ≥ 0, rounded half up. */
export function percentOf(amount: bigint, rateUnits: number): bigint {
  return roundDiv(amount * BigInt(rateUnits), BigInt(PERCENT_100));
}

/**
 * Shares `total` among parts in proportion to their weights (≥ 0), each rounded down and the
 * units left over given to the largest remainders (the earlier part on a tie): the shares add
 * up to `total` exactly, and a part never gets more than its weight when `total` ≤ Σ weights.
 * All weights 0: every share 0.
 */
export function apportion(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  const rests = weights.map((w) => (total * w) % sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  while (left > 0n) {
    let best = 0;
    for (let i = 1; i < rests.length; i++) if ((rests[i] as bigint) > (rests[best] as bigint)) best = i;
    shares[best] = (shares[best] as bigint) + 1n;
    rests[best] = -1n;
    left--;
  }
  return shares;
}
