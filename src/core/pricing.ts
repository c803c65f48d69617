/**
 * Pricing: the amounts of a determined supply, exact. One routine, written once over an
 * arithmetic (`Arithmetic<T>`): it runs in doubles when every value it forms is provably a
 * safe integer (see "The doubles bound" below), in BigInt otherwise, and both give the same
 * integers (property-tested against each other and against decimal.js).
 *
 * Amounts are integers in the currency's minor units; rates and taxable parts non-negative
 * integers in units of 0.0001 % (1 % = 10 000). Rounding is half away from zero to the minor unit.
 *
 * - Exclusive: the amount is net. A group's tax is round(net × Σ rate·part).
 * - Inclusive: the amount is gross. A group's tax is round(gross × E_g / (1 + E)), with E_g
 *   the group's effective rate and E the sum over all groups; the net is gross − Σ taxes,
 *   so that net + taxes = gross exactly.
 *
 * Lines of one group (the state, county, city and district parts of one sales tax) are
 * rounded once, on their combined rate, as the customer is charged one tax; the group's
 * tax is then shared out by the largest-remainder method so that the lines add up to it.
 * Groups are rounded separately (GST and PST are two taxes).
 *
 * The doubles bound. In integers the routine works at a scale S: S = 10⁶ with each line's
 * effective rate e = rate units when every part is 100 %, else S = 10¹² with e = rate units
 * × part units. With A = |amount|, E_g = Σ e over a group, E = Σ e over all lines, the
 * divisor d = S (exclusive) or S + E (inclusive), and G the number of groups, the routine
 * forms, per group: A × E_g, and its floor quotient and remainder by d (q·d ≤ A × E_g); per
 * line of a shared group: A × e ≤ A × E_g, its floor quotient and remainder, and the
 * remainder again after the line got its unit, A × e − (q + 1)·d ≥ −d, through (q + 1)·d ≤
 * A × e + d; then the group taxes (each ≤ ⌊A × E_g / d⌋ + 1 ≤ ⌊(2⁵³ − 1) / d⌋, so
 * ≤ T = ⌊(2⁵³ − 1) / 10⁶⌋ as d ≥ 10⁶), their sum (≤ G·T) and amount ± that sum
 * (magnitude ≤ A + G·T). `price` takes doubles exactly when
 *
 *     A × max_g E_g ≤ 2⁵³ − 1 − d   and   A ≤ 2⁵³ − 1 − G·T,
 *
 * which puts every one of those values within ±(2⁵³ − 1) (e ≤ E_g as rates and parts are
 * non-negative). That is sufficient: doubles add, subtract and multiply safe integers
 * exactly when the result is one, and the floor of the correctly rounded quotient x / d of a
 * safe integer x is the true floor (were it one more, q > x / d, the integer q·d would lie
 * strictly between x and x·(1 + 2⁻⁵³) < x + 1; it is never one less, as rounding keeps
 * x / d ≥ ⌊x / d⌋), so every step gives the integer BigInt gives.
 *
 * The check itself is exact in doubles: E_g and d are summed in the same order as the
 * routine sums them (so both paths see the same integers; a sum past 2⁵³ comes to 2⁵³ or
 * more and fails the check, unless the amount is 0, when every tax is 0 on either path), and
 * a product of safe integers rounds to at most a safe integer L only when it is at most L
 * (up to 2⁵³ every integer is a double; beyond, it rounds to 2⁵³ or more). `price` first
 * tries the same bound with E for max_g E_g and the number of lines for G, which implies it
 * and needs no grouping (ordinary quotes pass there), then the bound itself. The first
 * condition is what the products need (its − d is for the remainder of a line given its
 * unit) and is the one that binds in practice: Texas SaaS, 6.25 % + 2 % on 80 %, is priced
 * in doubles up to USD 1364.57 exclusive (the bound |amount| × 10¹² ≤ 2⁵³ − 1 used before
 * stopped at USD 90.07). The second only excludes amounts within G × 9.0·10⁹ minor units of
 * 2⁵³, where the amount plus its tax could pass it. `priceCapped` has no such check: it is
 * `price` at or under its limit, and BigInt above it.
 */
import { PERCENT_100, normalMinor, type Minor } from './money.js';

export type { Minor };

/** What pricing reads of a tax line. */
export interface PricingLine {
  readonly group: 'main' | 'additional';
  readonly rateUnits: number;
  readonly partUnits: number;
}

export interface Priced {
  /** The tax of each line, in the order of the lines. */
  readonly taxes: Minor[];
  /** Σ taxes. */
  readonly tax: Minor;
  readonly subtotal: Minor;
  readonly total: Minor;
}

interface Arithmetic<T> {
  of(n: number): T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  /** Quotient and remainder of a ≥ 0 by b > 0, rounded down. */
  divMod(a: T, b: T): [T, T];
  /** a / b rounded half up, for a ≥ 0, b > 0. */
  roundDiv(a: T, b: T): T;
  neg(a: T): T;
  lt(a: T, b: T): boolean;
  isZero(a: T): boolean;
}

const numbers: Arithmetic<number> = {
  of: (n) => n,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  divMod(a, b) {
    let q = Math.floor(a / b);
    let r = a - q * b; // exact; the quotient may have rounded up near 2^53
    if (r < 0) {
      q -= 1;
      r += b;
    }
    return [q, r];
  },
  roundDiv(a, b) {
    let q = Math.floor(a / b);
    let r = a - q * b;
    if (r < 0) {
      q -= 1;
      r += b;
    }
    return r * 2 >= b ? q + 1 : q;
  },
  neg: (a) => (a === 0 ? 0 : -a),
  lt: (a, b) => a < b,
  isZero: (a) => a === 0,
};

const bigints: Arithmetic<bigint> = {
  of: (n) => BigInt(n),
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  divMod: (a, b) => [a / b, a % b],
  roundDiv(a, b) {
    const q = a / b;
    return (a % b) * 2n >= b ? q + 1n : q;
  },
  neg: (a) => -a,
  lt: (a, b) => a < b,
  isZero: (a) => a === 0n,
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const WHOLE_DEN = PERCENT_100;
const PART_DEN = PERCENT_100 * PERCENT_100;

/** ⌊(2⁵³ − 1) / 10⁶⌋: a bound on one group's tax in doubles (the divisor is at least 10⁶). */
const GROUP_TAX_MAX = Math.floor(MAX_SAFE / WHOLE_DEN);

/** How `price` prices a supply: the scale (`whole`), the divisor, and whether doubles are exact. */
interface Plan {
  readonly whole: boolean;
  readonly den: number;
  readonly doubles: boolean;
}

/**
 * The plan for `lines` and an amount: the scale and divisor of the routine, and whether every
 * value it forms is a safe integer (the doubles bound of the file's comment).
 */
function planOf(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive'): Plan {
  const n = lines.length;
  // Effective rates: rate × part, at the smallest scale that is exact (the rate alone when every part is whole).
  let whole = true;
  let rates = 0;
  for (let i = 0; i < n; i++) {
    const l = lines[i] as PricingLine;
    if (l.partUnits !== PERCENT_100) whole = false;
    rates += l.rateUnits;
  }
  let all = rates;
  let den = behavior === 'inclusive' ? WHOLE_DEN + rates : WHOLE_DEN;
  if (!whole) {
    all = 0;
    den = PART_DEN;
    for (let i = 0; i < n; i++) {
      const e = effectiveRate(lines[i] as PricingLine, false);
      all += e;
      if (behavior === 'inclusive') den += e;
    }
  }
  // |amount| as a double: exact up to 2^53, at least 2^53 beyond (and then out of bounds).
  const abs = typeof amount === 'number' ? Math.abs(amount) : Number(amount < 0n ? -amount : amount);
  // The bound on the sum of all lines, and a group for each line: implies the exact bound
  // (max_g E_g ≤ E, G ≤ n), which is checked only when this fails.
  const doubles = (abs * all <= MAX_SAFE - den && abs <= MAX_SAFE - n * GROUP_TAX_MAX) || groupsFit(lines, whole, abs, den);
  return { whole, den, doubles };
}

/** The doubles bound: A × max_g E_g ≤ 2⁵³ − 1 − d and A ≤ 2⁵³ − 1 − G·T (the file's comment). */
function groupsFit(lines: readonly PricingLine[], whole: boolean, abs: number, den: number): boolean {
  let groups = 0;
  let sum = 0;
  let max = 0;
  let group: PricingLine['group'] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as PricingLine;
    if (l.group !== group) {
      if (sum > max) max = sum;
      sum = 0;
      group = l.group;
      groups++;
    }
    // Summed from 0 in the order of the group's lines, as `priceWith` sums it.
    sum += effectiveRate(l, whole);
  }
  if (sum > max) max = sum;
  return abs * max <= MAX_SAFE - den && abs <= MAX_SAFE - groups * GROUP_TAX_MAX;
}

/**
 * The exact amounts of an amount (minor units) under tax lines: each line's tax, their sum,
 * the net and the gross. Lines with a zero rate are priced at zero.
 */
export function price(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive'): Priced {
  const plan = planOf(lines, amount, behavior);
  return plan.doubles ? priceWith(numbers, lines, plan.whole, Number(amount), plan.den, behavior) : priceWith(bigints, lines, plan.whole, BigInt(amount), plan.den, behavior);
}

/**
 * Internal, for tests only (not exported by the package): `price` on the path given, whatever
 * the bound says, and the path `price` takes. Doubles beyond the bound can give wrong answers;
 * that is what the bound prevents.
 * @internal
 */
export const pricingPaths = {
  price(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive', path: 'doubles' | 'bigint'): Priced {
    const plan = planOf(lines, amount, behavior);
    return path === 'doubles' ? priceWith(numbers, lines, plan.whole, Number(amount), plan.den, behavior) : priceWith(bigints, lines, plan.whole, BigInt(amount), plan.den, behavior);
  },
  pathOf(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive'): 'doubles' | 'bigint' {
    return planOf(lines, amount, behavior).doubles ? 'doubles' : 'bigint';
  },
};

function effectiveRate(l: PricingLine, whole: boolean): number {
  return whole ? l.rateUnits : l.rateUnits * l.partUnits;
}

function priceWith<T>(m: Arithmetic<T>, lines: readonly PricingLine[], whole: boolean, amount: T, den: number, behavior: 'exclusive' | 'inclusive'): Priced {
  const zero = m.of(0);
  const negative = m.lt(amount, zero);
  const abs = negative ? m.neg(amount) : amount;
  const d = m.of(den);
  const taxes: Minor[] = new Array<Minor>(lines.length);
  let total = zero;
  let start = 0;
  while (start < lines.length) {
    // A group: consecutive lines of the same group.
    const group = (lines[start] as PricingLine).group;
    let end = start + 1;
    while (end < lines.length && (lines[end] as PricingLine).group === group) end++;
    let groupRate = 0;
    for (let i = start; i < end; i++) groupRate += effectiveRate(lines[i] as PricingLine, whole);
    const groupTax = groupRate === 0 || m.isZero(abs) ? zero : m.roundDiv(m.mul(abs, m.of(groupRate)), d);
    if (end - start === 1) taxes[start] = minorOf(negative ? m.neg(groupTax) : groupTax);
    else if (m === (numbers as unknown as Arithmetic<T>)) shareOutNumbers(taxes, lines, whole, start, end, abs as unknown as number, den, groupTax as unknown as number, negative);
    else shareOut(m, taxes, lines, whole, start, end, abs, d, groupTax, negative);
    total = m.add(total, groupTax);
    start = end;
  }
  const tax = negative ? m.neg(total) : total;
  return behavior === 'inclusive'
    ? { taxes, tax: minorOf(tax), subtotal: minorOf(m.sub(amount, tax)), total: minorOf(amount) }
    : { taxes, tax: minorOf(tax), subtotal: minorOf(amount), total: minorOf(m.add(amount, tax)) };
}

function minorOf(v: unknown): Minor {
  return typeof v === 'bigint' ? normalMinor(v) : (v as number);
}

/** The taxable part of a net amount (minor units), rounded half away from zero. */
export function taxableAmount(net: Minor, partUnits: number): Minor {
  if (partUnits === PERCENT_100) return net;
  const negative = net < 0;
  const abs = typeof net === 'number' ? Math.abs(net) : negative ? -net : net;
  const part = typeof abs === 'number' && abs * partUnits <= MAX_SAFE ? numbers.roundDiv(abs * partUnits, PERCENT_100) : normalMinor(bigints.roundDiv(BigInt(abs) * BigInt(partUnits), BigInt(PERCENT_100)));
  return negative ? (typeof part === 'number' ? -part : -part) : part;
}

/**
 * `shareOut` in doubles, without allocating (the usual case: a US state and its local
 * parts). Every product abs × rate, and abs × rate + den, is a safe integer, as `price`
 * checked, so the floors and remainders are exact (the correction of a quotient rounded up is
 * defensive). Same shares as `shareOut`.
 */
function shareOutNumbers(taxes: Minor[], lines: readonly PricingLine[], whole: boolean, start: number, end: number, abs: number, den: number, groupTax: number, negative: boolean): void {
  let left = groupTax;
  for (let i = start; i < end; i++) {
    const x = abs * effectiveRate(lines[i] as PricingLine, whole);
    let q = Math.floor(x / den);
    if (x - q * den < 0) q -= 1;
    taxes[i] = q;
    left -= q;
  }
  // The units left go to the largest remainders, the earlier line on a tie (rare: at most one per line).
  const rest = (i: number): number => abs * effectiveRate(lines[i] as PricingLine, whole) - (taxes[i] as number) * den;
  while (left > 0) {
    // A line already given its unit has a rest below 0 (its share is above its exact tax).
    let best = start;
    let bestRest = rest(start);
    for (let i = start + 1; i < end; i++) {
      const r = rest(i);
      if (r > bestRest) {
        best = i;
        bestRest = r;
      }
    }
    taxes[best] = (taxes[best] as number) + 1;
    left -= 1;
  }
  if (negative) for (let i = start; i < end; i++) taxes[i] = -(taxes[i] as number) || 0;
}

/**
 * Shares a group's rounded tax among its lines: each gets the floor of its exact share, and
 * the units left go to the lines with the largest remainders (the earlier line on a tie).
 */
function shareOut<T>(m: Arithmetic<T>, taxes: Minor[], lines: readonly PricingLine[], whole: boolean, start: number, end: number, abs: T, d: T, groupTax: T, negative: boolean): void {
  const exact: T[] = [];
  for (let i = start; i < end; i++) exact.push(m.mul(abs, m.of(effectiveRate(lines[i] as PricingLine, whole))));
  const shares = sharesOf(m, exact, d, groupTax);
  for (let i = 0; i < shares.length; i++) taxes[start + i] = minorOf(negative ? m.neg(shares[i] as T) : shares[i]);
}

/**
 * A group's rounded tax `groupTax` shared among lines whose exact taxes are `exact[i] / d`
 * (≥ 0): each gets the floor of its exact share, and the units left go to the lines with the
 * largest remainders, the earlier line on a tie.
 */
function sharesOf<T>(m: Arithmetic<T>, exact: readonly T[], d: T, groupTax: T): T[] {
  const shares: T[] = [];
  const rests: T[] = [];
  let left = groupTax;
  for (const x of exact) {
    const [q, r] = m.divMod(x, d);
    shares.push(q);
    rests.push(r);
    left = m.sub(left, q);
  }
  const one = m.of(1);
  while (m.lt(m.of(0), left)) {
    let best = -1;
    for (let i = 0; i < rests.length; i++) {
      if (best < 0 || m.lt(rests[best] as T, rests[i] as T)) best = i;
    }
    shares[best] = m.add(shares[best] as T, one);
    rests[best] = m.of(-1);
    left = m.sub(left, one);
  }
  return shares;
}

/** A priced line whose local lines were charged on a limited base: each line's base, null where it is the net. */
export interface PricedCapped extends Priced {
  readonly bases: readonly (Minor | null)[] | null;
}

const PART_DEN_BIG = BigInt(PART_DEN);

/**
 * The exact amounts of an amount under tax lines of which those at `capped` are charged on
 * at most `limit` (minor units, ≥ 0: Florida's surtax on the first USD 5000 of each article,
 * times the line's quantity), the others on the whole net. At or under the limit this is
 * `price`. Above it, exclusive: a capped line's tax is rate × limit, the others' rate × net;
 * inclusive: the net N solves N + Σ_others rate·N + Σ_capped rate·limit = gross. Each group
 * is rounded once and shared out by the largest-remainder method, as in `price`; `bases`
 * gives the capped lines' base (the limit, with the amount's sign). Exact in BigInt: the
 * rare path.
 */
export function priceCapped(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive', capped: readonly number[], limit: Minor): PricedCapped {
  const abs = typeof amount === 'bigint' ? (amount < 0n ? -amount : amount) : BigInt(Math.abs(amount));
  const negative = amount < 0;
  const cap = BigInt(limit);
  const n = lines.length;
  const isCapped: boolean[] = new Array<boolean>(n).fill(false);
  for (const i of capped) if (i >= 0 && i < n) isCapped[i] = true;
  const r: bigint[] = new Array<bigint>(n);
  let ru = 0n;
  let rc = 0n;
  for (let i = 0; i < n; i++) {
    const l = lines[i] as PricingLine;
    const e = BigInt(l.rateUnits) * BigInt(l.partUnits);
    r[i] = e;
    if (isCapped[i]) rc += e;
    else ru += e;
  }
  const D = PART_DEN_BIG;
  // At or under the limit nothing is capped: the ordinary amounts.
  const within = behavior === 'exclusive' ? abs <= cap : abs * D <= cap * (D + ru + rc);
  if (within || rc === 0n) return { ...price(lines, amount, behavior), bases: null };
  // Each line's exact tax is num[i] / den.
  const num: bigint[] = new Array<bigint>(n);
  let den: bigint;
  if (behavior === 'exclusive') {
    den = D;
    for (let i = 0; i < n; i++) num[i] = (r[i] as bigint) * (isCapped[i] ? cap : abs);
  } else {
    den = D * (D + ru);
    const rest = abs * D - rc * cap;
    for (let i = 0; i < n; i++) num[i] = isCapped[i] ? (r[i] as bigint) * cap * (D + ru) : (r[i] as bigint) * rest;
  }
  const taxes: Minor[] = new Array<Minor>(n);
  let total = 0n;
  let start = 0;
  while (start < n) {
    const group = (lines[start] as PricingLine).group;
    let end = start + 1;
    while (end < n && (lines[end] as PricingLine).group === group) end++;
    let sum = 0n;
    for (let i = start; i < end; i++) sum += num[i] as bigint;
    const groupTax = bigints.roundDiv(sum, den);
    const shares = sharesOf(bigints, num.slice(start, end), den, groupTax);
    for (let k = 0; k < shares.length; k++) taxes[start + k] = normalMinor(negative ? -(shares[k] as bigint) : (shares[k] as bigint));
    total += groupTax;
    start = end;
  }
  const tax = negative ? -total : total;
  const signed = negative ? -abs : abs;
  const capBase = normalMinor(negative ? -cap : cap);
  const bases = lines.map((_, i) => (isCapped[i] ? capBase : null));
  return behavior === 'inclusive'
    ? { taxes, tax: normalMinor(tax), subtotal: normalMinor(signed - tax), total: normalMinor(signed), bases }
    : { taxes, tax: normalMinor(tax), subtotal: normalMinor(signed), total: normalMinor(signed + tax), bases };
}
