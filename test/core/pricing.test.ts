import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { price, pricingPaths, taxableAmount, type Priced, type PricingLine } from '../../src/core/pricing.js';

// decimal.js is the reference arithmetic (ROUND_HALF_UP is half away from zero there).
const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
/** Below any real difference of two rests (fractions of denominators under 10^24), above decimal.js's rounding at 80 digits of amounts under 10^22. */
const TIE = new D('1e-40');
const line = (rateUnits: number, partUnits = 1_000_000, group: 'main' | 'additional' = 'main'): PricingLine => ({ group, rateUnits, partUnits });
const big = (v: number | bigint): bigint => BigInt(v);
const effective = (l: PricingLine): Decimal => new D(l.rateUnits).times(l.partUnits).div(1e12);

/** The reference: each group's tax from decimal.js, net + taxes = gross for inclusive amounts. */
function groupTaxes(lines: readonly PricingLine[], amount: bigint, behavior: 'exclusive' | 'inclusive'): Map<string, Decimal> {
  const all = lines.reduce((s, l) => s.plus(effective(l)), new D(0));
  const out = new Map<string, Decimal>();
  for (const group of ['main', 'additional']) {
    const e = lines.filter((l) => l.group === group).reduce((s, l) => s.plus(effective(l)), new D(0));
    if (!lines.some((l) => l.group === group)) continue;
    const base = new D(amount.toString()).times(e);
    out.set(group, (behavior === 'inclusive' ? base.div(all.plus(1)) : base).toDecimalPlaces(0));
  }
  return out;
}

describe('price', () => {
  it('taxes a net amount: 19 % of 10.05 EUR is 1.91 (1.9095 rounds up)', () => {
    expect(price([line(190_000)], 1005, 'exclusive')).toEqual({ taxes: [191], tax: 191, subtotal: 1005, total: 1196, bases: null });
    // Texas SaaS: 6.25 % on 80 % of 100.00 USD = 5.00
    expect(price([line(62_500, 800_000)], 10_000, 'exclusive').taxes).toEqual([500]);
    // Half a cent rounds up: 5 % of 0.10 = 0.005 → 0.01; and down for a refund of it.
    expect(price([line(50_000)], 10, 'exclusive').taxes).toEqual([1]);
    expect(price([line(50_000)], -10, 'exclusive').taxes).toEqual([-1]);
  });

  it('splits a gross amount so that net + taxes = gross', () => {
    expect(price([line(190_000)], 11_900, 'inclusive')).toEqual({ taxes: [1_900], tax: 1_900, subtotal: 10_000, total: 11_900, bases: null });
    // British Columbia: GST 5 % + PST 7 % on 112.00 gross → 5.00 and 7.00, two taxes rounded apart.
    expect(price([line(50_000), line(70_000, 1_000_000, 'additional')], 11_200, 'inclusive').taxes).toEqual([500, 700]);
  });

  it('rounds the parts of one tax together and shares the rounded tax out', () => {
    // A 6.25 % state part and two 1 % local parts on 0.50: 0.03125 + 0.005 + 0.005 = 0.04125,
    // charged as 0.04 (not 0.03 + 0.01 + 0.01 = 0.05 from rounding each part).
    const lines = [line(62_500), line(10_000), line(10_000)];
    const p = price(lines, 50, 'exclusive');
    expect(p.tax).toBe(4);
    expect(p.taxes).toEqual([3, 1, 0]);
  });

  it('gives a unit left on a tie to the earlier line, in doubles and in BigInt alike', () => {
    // Two 1 % parts whose exact taxes end in .5: the group rounds to one unit more than the floors.
    expect(price([line(10_000), line(10_000)], 50, 'exclusive').taxes).toEqual([1, 0]);
    expect(price([line(10_000), line(10_000)], -50, 'exclusive').taxes).toEqual([-1, 0]);
    const a = 10n ** 20n + 50n;
    expect(price([line(10_000), line(10_000)], a, 'exclusive').taxes).toEqual([10n ** 18n + 1n, 10n ** 18n]);
    // The larger remainder first whatever the order: 0.6 and 0.4 units round to one unit, the 0.6's.
    expect(price([line(4_000), line(6_000)], 100, 'exclusive').taxes).toEqual([0, 1]);
  });

  it('gives each group its decimal.js tax, and lines that add up to it, on either path', () => {
    const lineArb = fc.record({
      group: fc.constantFrom<'main' | 'additional'>('main', 'additional'),
      rateUnits: fc.integer({ min: 0, max: 300_000 }),
      partUnits: fc.oneof(fc.constant(1_000_000), fc.integer({ min: 1, max: 1_000_000 })),
    });
    const amounts = fc.oneof(
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map(big),
      fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
      fc.constantFrom(4_503_599_627n, 4_503_599_628n, 9_007_199_254n, 9_007_199_255n, -(2n ** 53n)),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), amounts, fc.constantFrom<'exclusive' | 'inclusive'>('exclusive', 'inclusive'), (raw, amount, behavior) => {
        // Lines of a group stand together, main first.
        const lines = [...raw.filter((l) => l.group === 'main'), ...raw.filter((l) => l.group === 'additional')];
        const small = amount <= BigInt(Number.MAX_SAFE_INTEGER) && amount >= -BigInt(Number.MAX_SAFE_INTEGER);
        const p = price(lines, small ? Number(amount) : amount, behavior);
        const expected = groupTaxes(lines, amount, behavior);
        let total = 0n;
        for (const [group, tax] of expected) {
          let sum = 0n;
          lines.forEach((l, i) => {
            if (l.group !== group) return;
            const t = big(p.taxes[i] as number | bigint);
            sum += t;
            // Each line within one unit of its exact share.
            const exact = new D(amount.toString()).times(effective(l));
            const share = behavior === 'inclusive' ? exact.div(lines.reduce((s, x) => s.plus(effective(x)), new D(1))) : exact;
            expect(share.minus(t.toString()).abs().lte(1)).toBe(true);
          });
          expect(sum.toString()).toBe(tax.toFixed(0));
          total += sum;
        }
        expect(big(p.tax)).toBe(total);
        if (behavior === 'inclusive') expect(big(p.subtotal) + big(p.tax)).toBe(amount);
        else expect(big(p.total) - big(p.tax)).toBe(amount);
        // Numbers only where exact.
        for (const v of [p.tax, p.subtotal, p.total, ...p.taxes]) if (typeof v === 'number') expect(Number.isSafeInteger(v)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the taxable part of a net amount, rounded half away from zero', () => {
    expect(taxableAmount(10_000, 800_000)).toBe(8_000);
    expect(taxableAmount(5, 500_000)).toBe(3);
    expect(taxableAmount(-5, 500_000)).toBe(-3);
    expect(taxableAmount(10n ** 20n, 800_000)).toBe(8n * 10n ** 19n);
  });
});

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Runs of consecutive lines of one group: the groups pricing rounds apart. */
function runs(lines: readonly PricingLine[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < lines.length; i++) {
    const last = out[out.length - 1];
    if (last && (lines[last[0]] as PricingLine).group === (lines[i] as PricingLine).group) last[1] = i + 1;
    else out.push([i, i + 1]);
  }
  return out;
}

/**
 * The doubles bound of pricing.ts, restated in BigInt: the largest |amount| `price` should
 * price in doubles (−1 when none). A = |amount| must satisfy A × max E_g ≤ 2^53 − 1 − d and
 * A ≤ 2^53 − 1 − G × ⌊(2^53 − 1) / 10^6⌋.
 */
function doublesLimit(lines: readonly PricingLine[], behavior: 'exclusive' | 'inclusive'): bigint {
  const whole = lines.every((l) => l.partUnits === 1_000_000);
  const e = lines.map((l) => (whole ? BigInt(l.rateUnits) : BigInt(l.rateUnits) * BigInt(l.partUnits)));
  const scale = whole ? 10n ** 6n : 10n ** 12n;
  const d = behavior === 'inclusive' ? e.reduce((s, x) => s + x, scale) : scale;
  const groups = runs(lines);
  const maxGroup = groups.reduce((m, [a, b]) => {
    const sum = e.slice(a, b).reduce((s, x) => s + x, 0n);
    return sum > m ? sum : m;
  }, 0n);
  if (d > MAX_SAFE) return -1n;
  const byProducts = maxGroup === 0n ? MAX_SAFE : (MAX_SAFE - d) / maxGroup;
  const byTotals = MAX_SAFE - BigInt(groups.length) * (MAX_SAFE / 10n ** 6n);
  const limit = byProducts < byTotals ? byProducts : byTotals;
  return limit < 0n ? -1n : limit;
}

/** An amount as `price` receives it: a number when safe, else a BigInt. */
const minor = (v: bigint): number | bigint => (v <= MAX_SAFE && v >= -MAX_SAFE ? Number(v) : v);

/**
 * The reference in decimal.js: each group (run of lines) rounded once, half away from zero,
 * shared out by the largest remainders (the earlier line on a tie), with the amount's sign.
 */
function reference(lines: readonly PricingLine[], amount: bigint, behavior: 'exclusive' | 'inclusive'): { taxes: bigint[]; tax: bigint; subtotal: bigint; total: bigint } {
  const negative = amount < 0n;
  const abs = new D((negative ? -amount : amount).toString());
  const onePlusAll = lines.reduce((s, l) => s.plus(effective(l)), new D(1));
  const exactOf = (rate: Decimal): Decimal => (behavior === 'inclusive' ? abs.times(rate).div(onePlusAll) : abs.times(rate));
  const taxes: bigint[] = [];
  let tax = 0n;
  for (const [a, b] of runs(lines)) {
    const group = lines.slice(a, b);
    const groupTax = BigInt(exactOf(group.reduce((s, l) => s.plus(effective(l)), new D(0))).toDecimalPlaces(0).toFixed(0));
    const exact = group.map((l) => exactOf(effective(l)));
    const shares = exact.map((x) => BigInt(x.floor().toFixed(0)));
    const rests = exact.map((x) => x.minus(x.floor()));
    const given = exact.map(() => false);
    for (let left = groupTax - shares.reduce((s, x) => s + x, 0n); left > 0n; left--) {
      let best = -1;
      // Rests equal but for the last of decimal.js's 80 digits are a tie, which goes to the earlier line
      // (5/7 and 5/7 of two shares with 19 and 18 integer digits differ in the 80th digit only).
      rests.forEach((r, i) => {
        if (!given[i] && (best < 0 || r.minus(rests[best] as Decimal).gt(TIE))) best = i;
      });
      shares[best] = (shares[best] as bigint) + 1n;
      given[best] = true;
    }
    for (const s of shares) taxes.push(negative ? -s : s);
    tax += negative ? -groupTax : groupTax;
  }
  return behavior === 'inclusive' ? { taxes, tax, subtotal: amount - tax, total: amount } : { taxes, tax, subtotal: amount, total: amount + tax };
}
const asBig = (p: Priced) => ({ taxes: p.taxes.map(big), tax: big(p.tax), subtotal: big(p.subtotal), total: big(p.total) });

// Texas SaaS: the state's 6.25 % and 2 % local, on 80 % of the price.
const texasSaas = [line(62_500, 800_000), line(20_000, 800_000)];
const behaviorArb = fc.constantFrom<'exclusive' | 'inclusive'>('exclusive', 'inclusive');
const typicalRate = fc.constantFrom(62_500, 82_500, 20_000, 10_000, 2_500, 47_500, 190_000, 200_000, 50_000, 70_000, 99_750, 0);
const typicalPart = fc.constantFrom(1_000_000, 800_000, 500_000, 650_000, 400_000);
const extremeRate = fc.oneof(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 1_000_000_000 }), fc.constant(1_000_000_000));
const extremePart = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 1_000_000 }), fc.constant(999_999));
// Lines in any order: main, additional and main again are three groups.
const linesArb = fc.array(
  fc.record({
    group: fc.constantFrom<'main' | 'additional'>('main', 'additional'),
    rateUnits: fc.oneof({ weight: 3, arbitrary: typicalRate }, { weight: 1, arbitrary: extremeRate }),
    partUnits: fc.oneof({ weight: 3, arbitrary: typicalPart }, { weight: 1, arbitrary: extremePart }),
  }),
  { minLength: 1, maxLength: 6 },
);
/** An amount for `lines`: at the doubles bound ± 3, under it, over it, or anywhere, of either sign. */
const amountFor = (limit: bigint, mode: number, k: number, r: bigint, negate: boolean): bigint => {
  const room = limit < 0n ? 1n : limit + 1n;
  let a: bigint;
  if (mode === 0) a = limit + BigInt(k);
  else if (mode === 1) a = r % room;
  else if (mode === 2) a = room + (r % (room * 4n));
  else if (mode === 3) a = r % 10n ** 20n;
  else a = r % 10_000_000n;
  if (a < 0n) a = -a;
  return negate ? -a : a;
};
const amountArgs = [fc.nat({ max: 4 }), fc.integer({ min: -3, max: 3 }), fc.bigInt({ min: 0n, max: 2n ** 72n }), fc.boolean()] as const;

describe('price in doubles and in BigInt', () => {
  it('takes doubles exactly up to the bound of the lines’ effective rates: Texas SaaS to USD 1364.57, not 90.07', () => {
    expect(doublesLimit(texasSaas, 'exclusive')).toBe(136_457n);
    expect(doublesLimit(texasSaas, 'inclusive')).toBe(136_456n);
    for (const a of [9_008, 12_345, 123_456, 136_457, -136_457]) expect(pricingPaths.pathOf(texasSaas, a, 'exclusive')).toBe('doubles');
    for (const a of [136_458, -136_458, 10n ** 20n]) expect(pricingPaths.pathOf(texasSaas, a, 'exclusive')).toBe('bigint');
    expect(pricingPaths.pathOf(texasSaas, 136_456, 'inclusive')).toBe('doubles');
    expect(pricingPaths.pathOf(texasSaas, 136_457, 'inclusive')).toBe('bigint');
    // 8.25 % of 80 % of 1234.56 = 81.48096 → 81.48, shared 61.73 (6.25 %) and 19.75 (2 %).
    expect(price(texasSaas, 123_456, 'exclusive')).toStrictEqual({ taxes: [6_173, 1_975], tax: 8_148, subtotal: 123_456, total: 131_604, bases: null });
    // Zero rates: any safe amount not within G × 9.0e9 of 2^53.
    expect(pricingPaths.pathOf([line(0)], 9_007_190_247_541_737, 'exclusive')).toBe('doubles');
    expect(pricingPaths.pathOf([line(0)], 9_007_190_247_541_738, 'exclusive')).toBe('bigint');
  });

  it('has the bound it needs: doubles beyond it can be wrong, and price is not', () => {
    // 50 % of an odd amount whose product passes 2^53: the half unit is lost in doubles.
    const half = [line(500_000)];
    const a = 291_451_150_802_817;
    expect(pricingPaths.pathOf(half, a, 'exclusive')).toBe('bigint');
    expect(pricingPaths.price(half, a, 'exclusive', 'doubles').tax).toBe(145_725_575_401_408);
    expect(price(half, a, 'exclusive')).toStrictEqual({ taxes: [145_725_575_401_409], tax: 145_725_575_401_409, subtotal: a, total: 437_176_726_204_226, bases: null });
    // 0.0001 % of 2^53 − 1: every product is safe, the total is not.
    const tiny = [line(1)];
    const m = Number.MAX_SAFE_INTEGER;
    expect(pricingPaths.pathOf(tiny, m, 'exclusive')).toBe('bigint');
    expect(typeof pricingPaths.price(tiny, m, 'exclusive', 'doubles').total).toBe('number');
    expect(price(tiny, m, 'exclusive')).toStrictEqual({ taxes: [9_007_199_255], tax: 9_007_199_255, subtotal: m, total: 9_007_208_261_940_246n, bases: null });
  });

  it('takes the path the bound gives, and doubles give what BigInt gives wherever taken', () => {
    fc.assert(
      fc.property(linesArb, behaviorArb, ...amountArgs, (lines, behavior, mode, k, r, negate) => {
        const limit = doublesLimit(lines, behavior);
        const amount = amountFor(limit, mode, k, r, negate);
        const m = minor(amount);
        const path = pricingPaths.pathOf(lines, m, behavior);
        expect(path).toBe((amount < 0n ? -amount : amount) <= limit ? 'doubles' : 'bigint');
        const viaBigInt = pricingPaths.price(lines, m, behavior, 'bigint');
        expect(price(lines, m, behavior)).toStrictEqual(viaBigInt);
        if (path === 'doubles') expect(pricingPaths.price(lines, m, behavior, 'doubles')).toStrictEqual(viaBigInt);
      }),
      { numRuns: 20_000 },
    );
  });

  it('gives a unit left on a tie of remainders to the earlier line', () => {
    // Inclusive 208,902,243,053,401,461.55 at 20 % and 6.25 % on 40 % (one group, 22.5 %): the shares are
    // 3,410,648,866,177,983,045 5/7 and 426,331,108,272,247,880 5/7 units, and the unit left goes to the first.
    const p = price([line(200_000), line(62_500, 400_000)], 20_890_224_305_340_146_155n, 'inclusive');
    expect(asBig(p).taxes).toEqual([3_410_648_866_177_983_046n, 426_331_108_272_247_880n]);
    expect(asBig(p)).toEqual(reference([line(200_000), line(62_500, 400_000)], 20_890_224_305_340_146_155n, 'inclusive'));
  });

  it('gives decimal.js’s taxes, shares and totals on either side of the bound', () => {
    fc.assert(
      fc.property(linesArb, behaviorArb, ...amountArgs, (lines, behavior, mode, k, r, negate) => {
        const amount = amountFor(doublesLimit(lines, behavior), mode, k, r, negate);
        const p = price(lines, minor(amount), behavior);
        expect(asBig(p)).toEqual(reference(lines, amount, behavior));
        for (const v of [p.tax, p.subtotal, p.total, ...p.taxes]) expect(typeof v === 'number' ? Number.isSafeInteger(v) : v > MAX_SAFE || v < -MAX_SAFE).toBe(true);
      }),
      { numRuns: 4_000 },
    );
  });
});

describe('price with a base limit', () => {
  // Florida: the state's 6 % on the whole net, a county's 1 % (line 1) on at most the limit.
  const fl = [line(60_000), line(10_000)];

  it('is price at or under the limit', () => {
    expect(price(fl, 500_000, 'exclusive', { lines: [1], amount: 500_000 })).toEqual({ ...price(fl, 500_000, 'exclusive'), bases: null });
    expect(price(fl, 535_000, 'inclusive', { lines: [1], amount: 500_000 })).toEqual({ ...price(fl, 535_000, 'inclusive'), bases: null });
  });

  it('charges the capped lines on the limit above it, exclusive and inclusive', () => {
    expect(price(fl, 600_000, 'exclusive', { lines: [1], amount: 500_000 })).toEqual({ taxes: [36_000, 5_000], tax: 41_000, subtotal: 600_000, total: 641_000, bases: [null, 500_000] });
    expect(price(fl, 641_000, 'inclusive', { lines: [1], amount: 500_000 })).toEqual({ taxes: [36_000, 5_000], tax: 41_000, subtotal: 600_000, total: 641_000, bases: [null, 500_000] });
    expect(price(fl, -600_000, 'exclusive', { lines: [1], amount: 500_000 })).toMatchObject({ taxes: [-36_000, -5_000], tax: -41_000, bases: [null, -500_000] });
  });

  it('matches decimal.js for any lines, amount and limit: each group rounded once, net + tax = gross', () => {
    const lineArb = fc.record({ group: fc.constantFrom<'main' | 'additional'>('main', 'additional'), rateUnits: fc.integer({ min: 0, max: 200_000 }), partUnits: fc.constant(1_000_000) });
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), fc.bigInt({ min: 1n, max: 10n ** 14n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.constantFrom<'exclusive' | 'inclusive'>('exclusive', 'inclusive'), fc.boolean(), (raw, amount, limit, behavior, negate) => {
        const lines = [...raw.filter((l) => l.group === 'main'), ...raw.filter((l) => l.group === 'additional')];
        const capped = lines.map((_, i) => i).filter((i) => i % 2 === 1);
        const signed = negate ? -amount : amount;
        const p = price(lines, signed, behavior, { lines: capped, amount: limit });
        const ex = (l: PricingLine) => new D(l.rateUnits).div(1e6);
        const rc = capped.reduce((s, i) => s.plus(ex(lines[i] as PricingLine)), new D(0));
        const ru = lines.reduce((s, l, i) => (capped.includes(i) ? s : s.plus(ex(l))), new D(0));
        // The exact net: the amount (exclusive), or the root of N + ru·N + rc·min(N, limit) = gross.
        const g = new D(amount.toString());
        let net = g;
        let base = (n: Decimal) => Decimal.min(n, new D(limit.toString()));
        if (behavior === 'inclusive') {
          net = g.div(ru.plus(rc).plus(1));
          if (net.gt(limit.toString())) net = g.minus(rc.times(limit.toString())).div(ru.plus(1));
          else base = (n) => n;
        }
        for (const group of ['main', 'additional'] as const) {
          let exact = new D(0);
          let sum = 0n;
          lines.forEach((l, i) => {
            if (l.group !== group) return;
            exact = exact.plus(ex(l).times(capped.includes(i) ? base(net) : net));
            sum += big(p.taxes[i] as number | bigint);
          });
          expect((negate ? -sum : sum).toString()).toBe(exact.toDecimalPlaces(0).toFixed(0));
        }
        if (behavior === 'inclusive') expect(big(p.subtotal) + big(p.tax)).toBe(signed);
        else expect(big(p.total) - big(p.tax)).toBe(signed);
      }),
      { numRuns: 2000 },
    );
  });
});
