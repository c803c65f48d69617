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
 * 2⁵³, where the amount plus its tax could pass it.
 *
 * A base limit (Florida's surtax on the first USD 5,000 of each article) is the same routine:
 * a line's exact tax is always num / d, with num = e × U for a line on the whole amount and
 * e × C for a line a limit caps. Without a limit, U = |amount|. Above a limit L (exclusive:
 * |amount| > L), d = 10¹², U = |amount|, C = L; inclusive, the net N solves N + Σ_free e·N/10¹²
 * + Σ_capped e·L/10¹² = gross, which gives d = 10¹²·(10¹² + R_free), U = |gross|·10¹² −
 * R_capped·L and C = L·(10¹² + R_free). A limit is priced in BigInt only (the rare path).
 */
import { PERCENT_100, normalMinor, roundDiv, type Minor } from './money.js';

export type { Minor };

/** What pricing reads of a tax line. */
export interface PricingLine {
  readonly group: 'main' | 'additional';
  readonly rateUnits: number;
  readonly partUnits: number;
}

/** A base limit: the lines at the indices `lines` are charged on at most `amount` (minor units, ≥ 0). */
export interface BaseLimit {
  readonly lines: readonly number[];
  readonly amount: Minor;
}

export interface Priced {
  /** The tax of each line, in the order of the lines. */
  readonly taxes: Minor[];
  /** Σ taxes. */
  readonly tax: Minor;
  readonly subtotal: Minor;
  readonly total: Minor;
  /** Each line's base where a limit cut it (the limit, with the amount's sign), else null; null when no limit cut any. */
  readonly bases: readonly (Minor | null)[] | null;
}

interface Arithmetic<T> {
  of(n: number): T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  /** a / b rounded down, for a ≥ 0, b > 0 (for doubles: the quotient corrected where it rounded up near 2^53; the remainder is exact). */
  div(a: T, b: T): T;
  /** a / b rounded half up, for a ≥ 0, b > 0. */
  roundDiv(a: T, b: T): T;
  neg(a: T): T;
  lt(a: T, b: T): boolean;
  isZero(a: T): boolean;
  /** A value of T as a Minor (a bigint that fits a safe integer becomes a number). */
  minor(a: T): Minor;
}

const numbers: Arithmetic<number> = {
  of: (n) => n,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div(a, b) {
    const q = Math.floor(a / b);
    return a - q * b < 0 ? q - 1 : q;
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
  minor: (a) => a,
};

const bigints: Arithmetic<bigint> = {
  of: (n) => BigInt(n),
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  roundDiv,
  neg: (a) => -a,
  lt: (a, b) => a < b,
  isZero: (a) => a === 0n,
  minor: normalMinor,
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const WHOLE_DEN = PERCENT_100;
const PART_DEN = PERCENT_100 * PERCENT_100;
const PART_DEN_BIG = /* @__PURE__ */ BigInt(PART_DEN);

/** ⌊(2⁵³ − 1) / 10⁶⌋: a bound on one group's tax in doubles (the divisor is at least 10⁶). */
const GROUP_TAX_MAX = Math.floor(MAX_SAFE / WHOLE_DEN);

/** How `price` prices a supply without a limit: the scale (`whole`), the divisor, and whether doubles are exact. */
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

/** The frame of a limit that cuts: U, C, the divisor and which lines it caps (the file's comment), or null when it cuts nothing. */
interface LimitFrame {
  readonly u: bigint;
  readonly c: bigint;
  readonly d: bigint;
  readonly capped: readonly boolean[];
}

/** Which lines a limit names, the sums of the effective rates of the others (free) and of them (held), and |amount|, in BigInt. */
function limitSplit(lines: readonly PricingLine[], amount: Minor, limit: BaseLimit): { flags: boolean[]; free: bigint; held: bigint; abs: bigint } {
  const n = lines.length;
  const flags: boolean[] = new Array<boolean>(n).fill(false);
  for (const i of limit.lines) if (i >= 0 && i < n) flags[i] = true;
  let free = 0n;
  let held = 0n;
  for (let i = 0; i < n; i++) {
    const e = BigInt(effectiveRate(lines[i] as PricingLine, false));
    if (flags[i]) held += e;
    else free += e;
  }
  const abs = typeof amount === 'bigint' ? (amount < 0n ? -amount : amount) : BigInt(Math.abs(amount));
  return { flags, free, held, abs };
}

function limitFrame(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive', limit: BaseLimit): LimitFrame | null {
  const { flags: capped, free, held, abs } = limitSplit(lines, amount, limit);
  const cap = BigInt(limit.amount);
  const D = PART_DEN_BIG;
  // At or under the limit nothing is cut: the ordinary amounts.
  if (held === 0n || (behavior === 'exclusive' ? abs <= cap : abs * D <= cap * (D + free + held))) return null;
  return behavior === 'exclusive' ? { u: abs, c: cap, d: D, capped } : { u: abs * D - held * cap, c: cap * (D + free), d: D * (D + free), capped };
}

/**
 * The exact amounts of an amount (minor units) under tax lines: each line's tax, their sum,
 * the net and the gross. Lines with a zero rate are priced at zero. With a limit, the lines
 * it names are charged on at most its amount (the others on the whole net): at or under it
 * this is the ordinary pricing, and above it `bases` gives their base.
 */
export function price(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive', limit: BaseLimit | null = null): Priced {
  if (limit !== null) {
    const f = limitFrame(lines, amount, behavior, limit);
    if (f !== null) return priceWith(bigints, lines, false, BigInt(amount), f.u, f.c, f.capped, f.d, behavior, normalMinor(amount < 0 ? -BigInt(limit.amount) : BigInt(limit.amount)));
  }
  if (lines.length === 1 && typeof amount === 'number') {
    const one = priceOne(lines[0] as PricingLine, amount, behavior);
    if (one !== null) return one;
  }
  return priceOn(lines, planOf(lines, amount, behavior), amount, behavior, null);
}

/**
 * `price` of one tax line on an amount in doubles, or null beyond the doubles bound: the
 * routine's steps for one group of one line (one product, one rounded division), without its
 * plan and generic arithmetic. Most supplies have one tax line (a VAT, a GST).
 */
function priceOne(l: PricingLine, amount: number, behavior: 'exclusive' | 'inclusive'): Priced | null {
  const whole = l.partUnits === PERCENT_100;
  const e = whole ? l.rateUnits : l.rateUnits * l.partUnits;
  const den = (whole ? WHOLE_DEN : PART_DEN) + (behavior === 'inclusive' ? e : 0);
  const abs = amount < 0 ? -amount : amount;
  // The doubles bound of the file's comment for one line (E_g = E = e, G = 1).
  if (!(abs * e <= MAX_SAFE - den && abs <= MAX_SAFE - GROUP_TAX_MAX)) return null;
  const groupTax = e === 0 || abs === 0 ? 0 : numbers.roundDiv(abs * e, den);
  const tax = amount < 0 && groupTax !== 0 ? -groupTax : groupTax;
  return behavior === 'inclusive' ? { taxes: [tax], tax, subtotal: amount - tax, total: amount, bases: null } : { taxes: [tax], tax, subtotal: amount, total: amount + tax, bases: null };
}

/**
 * The exact amounts of an amount under tax lines where the lines at `excess.lines` are
 * charged only on the part of the net above `excess.amount` (minor units, ≥ 0: a product
 * category's price limit of the `excess` kind, times the articles), the others on the whole
 * net. Exclusive: U = |amount|, C = |amount| − L, d = 10¹². Inclusive, the net N solves
 * N + Σ_free e·N/10¹² + Σ_excess e·(N − L)/10¹² = gross, which gives d = 10¹²·(10¹² + R),
 * U = |gross|·10¹² + R_excess·L and C = |gross|·10¹² − L·(10¹² + R_free) (R the sum of
 * every line's e). C below 0 (a net at most the limit) is 0. Priced in BigInt.
 */
export function priceExcess(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive', excess: BaseLimit): Priced {
  const { flags: flagged, free, held, abs } = limitSplit(lines, amount, excess);
  const limit = BigInt(excess.amount);
  const D = PART_DEN_BIG;
  const inclusive = behavior === 'inclusive';
  const u = inclusive ? abs * D + held * limit : abs;
  let c = inclusive ? abs * D - limit * (D + free) : abs - limit;
  if (c < 0n) c = 0n;
  return priceWith(bigints, lines, false, BigInt(amount), u, c, flagged, inclusive ? D * (D + free + held) : D, behavior, null);
}

/** `price` without a limit on a plan: in doubles, or in BigInt (`path` overrides the plan's, for tests). */
function priceOn(lines: readonly PricingLine[], plan: Plan, amount: Minor, behavior: 'exclusive' | 'inclusive', path: 'doubles' | 'bigint' | null): Priced {
  if (path === 'doubles' || (path === null && plan.doubles)) {
    const a = Number(amount);
    const abs = a < 0 ? -a : a;
    return priceWith(numbers, lines, plan.whole, a, abs, abs, null, plan.den, behavior, null);
  }
  const b = BigInt(amount);
  const abs = b < 0n ? -b : b;
  return priceWith(bigints, lines, plan.whole, b, abs, abs, null, BigInt(plan.den), behavior, null);
}

/**
 * Internal, for tests only (not exported by the package): `price` on the path given, whatever
 * the bound says, and the path `price` takes. Doubles beyond the bound can give wrong answers;
 * that is what the bound prevents.
 * @internal
 */
export const pricingPaths = {
  price(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive', path: 'doubles' | 'bigint'): Priced {
    return priceOn(lines, planOf(lines, amount, behavior), amount, behavior, path);
  },
  pathOf(lines: readonly PricingLine[], amount: Minor, behavior: 'exclusive' | 'inclusive'): 'doubles' | 'bigint' {
    return planOf(lines, amount, behavior).doubles ? 'doubles' : 'bigint';
  },
};

function effectiveRate(l: PricingLine, whole: boolean): number {
  return whole ? l.rateUnits : l.rateUnits * l.partUnits;
}

/** The numerator of line i's exact tax (its tax is num / d): e × C for a line a limit caps, e × U otherwise. */
function numerator<T>(m: Arithmetic<T>, l: PricingLine, whole: boolean, u: T, c: T, held: boolean): T {
  return m.mul(held ? c : u, m.of(effectiveRate(l, whole)));
}

/**
 * The routine (the file's comment). Lines of one group are rounded once, on the group's
 * exact tax, and the group's tax is shared out: each line gets the floor of its exact share,
 * and the units left go to the largest remainders, the earlier line on a tie. The shares are
 * kept in `taxes` while they are formed (T is Minor for doubles; bigints are made Minor at the end).
 */
function priceWith<T>(m: Arithmetic<T>, lines: readonly PricingLine[], whole: boolean, amount: T, u: T, c: T, capped: readonly boolean[] | null, d: T, behavior: 'exclusive' | 'inclusive', base: Minor | null): Priced {
  const zero = m.of(0);
  const negative = m.lt(amount, zero);
  const n = lines.length;
  const taxes: Minor[] = new Array<Minor>(n);
  let total = zero;
  let start = 0;
  while (start < n) {
    // A group: consecutive lines of the same group.
    const group = (lines[start] as PricingLine).group;
    let end = start + 1;
    while (end < n && (lines[end] as PricingLine).group === group) end++;
    let sum: T;
    if (capped === null) {
      // Σ e × U = U × Σ e: one product (Σ e is a safe integer, see the bound).
      let rate = 0;
      for (let i = start; i < end; i++) rate += effectiveRate(lines[i] as PricingLine, whole);
      sum = rate === 0 ? zero : m.mul(u, m.of(rate));
    } else {
      sum = zero;
      for (let i = start; i < end; i++) sum = m.add(sum, numerator(m, lines[i] as PricingLine, whole, u, c, capped[i] === true));
    }
    const groupTax = m.isZero(sum) ? zero : m.roundDiv(sum, d);
    if (end - start === 1) taxes[start] = m.minor(negative ? m.neg(groupTax) : groupTax);
    else shareOut(m, taxes, lines, whole, start, end, u, c, capped, d, groupTax, negative);
    total = m.add(total, groupTax);
    start = end;
  }
  const tax = negative ? m.neg(total) : total;
  const bases = base === null || capped === null ? null : capped.map((held) => (held ? base : null));
  return behavior === 'inclusive'
    ? { taxes, tax: m.minor(tax), subtotal: m.minor(m.sub(amount, tax)), total: m.minor(amount), bases }
    : { taxes, tax: m.minor(tax), subtotal: m.minor(amount), total: m.minor(m.add(amount, tax)), bases };
}

/**
 * Shares a group's rounded tax among its lines `start` to `end`: each gets the floor of its
 * exact share (num / d), and the units left go to the largest remainders (num − share × d),
 * the earlier line on a tie; a line given its unit has a remainder below 0. The shares are
 * kept in `taxes` while they are formed (T is Minor for doubles; a bigint is made a Minor at
 * the end).
 */
function shareOut<T>(m: Arithmetic<T>, taxes: Minor[], lines: readonly PricingLine[], whole: boolean, start: number, end: number, u: T, c: T, capped: readonly boolean[] | null, d: T, groupTax: T, negative: boolean): void {
  const shares = taxes as unknown as T[];
  let left = groupTax;
  for (let i = start; i < end; i++) {
    const q = m.div(m.mul(capped !== null && capped[i] === true ? c : u, m.of(effectiveRate(lines[i] as PricingLine, whole))), d);
    shares[i] = q;
    left = m.sub(left, q);
  }
  const one = m.of(1);
  while (m.lt(m.of(0), left)) {
    let best = -1;
    let bestRest = left;
    for (let i = start; i < end; i++) {
      const rest = m.sub(m.mul(capped !== null && capped[i] === true ? c : u, m.of(effectiveRate(lines[i] as PricingLine, whole))), m.mul(shares[i] as T, d));
      if (best < 0 || m.lt(bestRest, rest)) {
        best = i;
        bestRest = rest;
      }
    }
    shares[best] = m.add(shares[best] as T, one);
    left = m.sub(left, one);
  }
  for (let i = start; i < end; i++) taxes[i] = m.minor(negative ? m.neg(shares[i] as T) : (shares[i] as T));
}

/** The taxable part of a net amount (minor units), rounded half away from zero. */
export function taxableAmount(net: Minor, partUnits: number): Minor {
  if (partUnits === PERCENT_100) return net;
  const negative = net < 0;
  const abs = typeof net === 'number' ? Math.abs(net) : negative ? -net : net;
  const part = typeof abs === 'number' && abs * partUnits <= MAX_SAFE ? numbers.roundDiv(abs * partUnits, PERCENT_100) : normalMinor(bigints.roundDiv(BigInt(abs) * BigInt(partUnits), BigInt(PERCENT_100)));
  return negative ? (typeof part === 'number' ? -part : -part) : part;
}
