/** The arithmetic of refunds (src/core/refund.ts), against exact references. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundDiv } from '../../src/core/money.js';
import { creditedPart, figuresLeft, grossOf, refundedPart, shareByWeights, type ItemFigures, type SoldItem } from '../../src/core/refund.js';

const sum = (xs: readonly bigint[]): bigint => xs.reduce((a, b) => a + b, 0n);

/** D'Hondt by its definition: the h largest of all w/j, ties to the earlier weight, then the smaller j. */
function dhondtByDefinition(h: number, weights: readonly number[]): number[] {
  const quotients: { k: number; j: number }[] = [];
  weights.forEach((w, k) => {
    for (let j = 1; j <= h; j++) if (w > 0) quotients.push({ k, j });
  });
  // w_a / j_a > w_b / j_b ⇔ w_a j_b > w_b j_a (exact in integers this small).
  quotients.sort((a, b) => (weights[b.k] as number) * a.j - (weights[a.k] as number) * b.j || a.k - b.k || a.j - b.j);
  const shares = weights.map(() => 0);
  for (const q of quotients.slice(0, h)) shares[q.k] = (shares[q.k] as number) + 1;
  return shares;
}

describe('roundDiv', () => {
  it('rounds half up', () => {
    expect([roundDiv(4n, 2n), roundDiv(5n, 2n), roundDiv(7n, 3n), roundDiv(8n, 3n), roundDiv(1665n, 10000n)]).toEqual([2n, 3n, 2n, 3n, 0n]);
    expect(roundDiv(5n, 10n)).toBe(1n);
    expect(roundDiv(4n, 10n)).toBe(0n);
  });
});

describe('shareByWeights', () => {
  const weights = fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 5 });

  it("gives D'Hondt's shares (the h largest w / j), which add up to h", () => {
    fc.assert(
      fc.property(weights, fc.nat(80), (ws, h0) => {
        const total = ws.reduce((a, b) => a + b, 0);
        const h = total === 0 ? 0 : h0 % (total + 1);
        const shares = shareByWeights(BigInt(h), ws.map(BigInt));
        expect(shares.map(Number)).toEqual(dhondtByDefinition(h, ws));
        expect(sum(shares)).toBe(BigInt(h));
      }),
    );
  });

  it('never gives a weight less when h grows, never less than the floor of its exact share, and each weight itself at h = Σ w', () => {
    fc.assert(
      fc.property(weights, (ws) => {
        const w = ws.map(BigInt);
        const total = sum(w);
        let before = w.map(() => 0n);
        for (let h = 0n; h <= total; h++) {
          const shares = shareByWeights(h, w);
          shares.forEach((s, k) => {
            expect(s).toBeGreaterThanOrEqual(before[k] as bigint);
            if (total > 0n) expect(s).toBeGreaterThanOrEqual(((w[k] as bigint) * h) / total);
            expect(s).toBeLessThanOrEqual(w[k] as bigint);
          });
          before = shares;
        }
        expect(before).toEqual(w);
      }),
    );
  });
});

describe('refundedPart', () => {
  /** A sold item as pricing makes one: taxes at rates (0.01 % units) of the net, the net from the gross when inclusive. */
  const soldItems = fc
    .record({
      amount: fc.bigInt({ min: 1n, max: 10n ** 12n }),
      inclusive: fc.boolean(),
      rates: fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 4 }),
    })
    .map(({ amount, inclusive, rates }): SoldItem => {
      const r = rates.map(BigInt);
      const den = 10_000n + (inclusive ? sum(r) : 0n);
      const taxes = r.map((rate) => roundDiv(amount * rate, den));
      const net = inclusive ? amount - sum(taxes) : amount;
      return { amount, inclusive, taxes, taxable: r.map(() => net) };
    });

  /** Cuts of an amount into 1 to 6 positive refunds that add up to it. */
  const refundsOf = (amount: bigint) =>
    fc.uniqueArray(fc.bigInt({ min: 1n, max: amount }), { maxLength: 5 }).map((cuts) => {
      const points = [0n, ...cuts.filter((c) => c < amount).sort((a, b) => (a < b ? -1 : 1)), amount];
      return points.slice(1).map((p, i) => p - (points[i] as bigint));
    });

  it('in any steps, refunds every figure of the item exactly once in all: a full refund nets the item to zero', () => {
    fc.assert(
      fc.property(soldItems.chain((item) => fc.tuple(fc.constant(item), refundsOf(item.amount))), ([item, steps]) => {
        let before = 0n;
        const taxes = item.taxes.map(() => 0n);
        const taxable = item.taxable.map(() => 0n);
        let subtotal = 0n;
        let total = 0n;
        for (const r of steps) {
          const part = refundedPart(item, before, r);
          // Never a negative tax, net or taxable amount; the parts of a refund add up to it.
          for (const v of [...part.taxes, ...part.taxable, part.subtotal]) expect(v).toBeGreaterThanOrEqual(0n);
          expect(part.tax).toBe(sum(part.taxes));
          expect(part.subtotal + part.tax).toBe(part.total);
          expect(item.inclusive ? part.total : part.subtotal).toBe(r);
          part.taxes.forEach((t, k) => (taxes[k] = (taxes[k] as bigint) + t));
          part.taxable.forEach((t, k) => (taxable[k] = (taxable[k] as bigint) + t));
          subtotal += part.subtotal;
          total += part.total;
          // Never more tax than the sale had, at any step.
          taxes.forEach((t, k) => expect(t).toBeLessThanOrEqual(item.taxes[k] as bigint));
          before += r;
        }
        expect(taxes).toEqual(item.taxes);
        expect(taxable).toEqual(item.taxable);
        const saleTax = sum(item.taxes);
        expect(subtotal).toBe(item.inclusive ? item.amount - saleTax : item.amount);
        expect(total).toBe(item.inclusive ? item.amount : item.amount + saleTax);
      }),
    );
  });

  it('carries, after any refunds, the proportional tax rounded: within half a unit of tax × refunded / amount when exclusive, a unit and a half when inclusive with up to two taxes', () => {
    fc.assert(
      fc.property(
        soldItems.filter((i) => i.taxes.length <= 2).chain((item) => fc.tuple(fc.constant(item), refundsOf(item.amount))),
        ([item, steps]) => {
          let before = 0n;
          const taxes = item.taxes.map(() => 0n);
          for (const r of steps) {
            refundedPart(item, before, r).taxes.forEach((t, k) => (taxes[k] = (taxes[k] as bigint) + t));
            before += r;
            taxes.forEach((t, k) => {
              // Exclusive: each tax rounded on its own, |t − T·p/a| ≤ 1/2. Inclusive: the taxes'
              // sum rounded (1/2 of the sum's error, at most 1/2 of this tax's) and shared within
              // the quota (below 1 more): |t − T·p/a| < 3/2.
              const d = t * item.amount - (item.taxes[k] as bigint) * before;
              expect(2n * (d < 0n ? -d : d)).toBeLessThanOrEqual((item.inclusive ? 3n : 1n) * item.amount);
            });
          }
        },
      ),
    );
  });

  it('prorates an exclusive item tax by tax, rounded half up: 3.33 of a 10.00 book at GST 5 % and PST 7 %', () => {
    const book: SoldItem = { amount: 1000n, inclusive: false, taxes: [50n, 70n], taxable: [1000n, 1000n] };
    // 0.50 × 3.33 / 10 = 0.1665 → 0.17; 0.70 × 3.33 / 10 = 0.2331 → 0.23.
    expect(refundedPart(book, 0n, 333n)).toEqual({ subtotal: 333n, taxes: [17n, 23n], taxable: [333n, 333n], tax: 40n, total: 373n });
    // The rest: what is left of each tax.
    expect(refundedPart(book, 333n, 667n)).toEqual({ subtotal: 667n, taxes: [33n, 47n], taxable: [667n, 667n], tax: 80n, total: 747n });
  });

  it('splits an inclusive refund into net and taxes that add up to it, even one minor unit', () => {
    // 1.00 gross at 5 % + 9.975 %: taxes 0.04 and 0.09 (of 0.87 net), as pricing gives them.
    const item: SoldItem = { amount: 100n, inclusive: true, taxes: [4n, 9n], taxable: [87n, 87n] };
    let before = 0n;
    const seen: bigint[][] = [];
    for (let i = 0; i < 100; i++) {
      const part = refundedPart(item, before, 1n);
      expect(part.subtotal + part.tax).toBe(1n);
      expect(part.subtotal).toBeGreaterThanOrEqual(0n);
      seen.push(part.taxes);
      before += 1n;
    }
    expect(seen.reduce((a, t) => [(a[0] as bigint) + (t[0] as bigint), (a[1] as bigint) + (t[1] as bigint)], [0n, 0n])).toEqual([4n, 9n]);
  });

  it('refuses a refund that is not positive or goes past the amount', () => {
    const item: SoldItem = { amount: 100n, inclusive: false, taxes: [20n], taxable: [100n] };
    expect(() => refundedPart(item, 0n, 0n)).toThrow(RangeError);
    expect(() => refundedPart(item, 50n, 51n)).toThrow(RangeError);
  });
});

describe('creditedPart', () => {
  // An item of 100.00 net at 19 % and 7 %: 119.00 + 7.00 of taxes on bases of 100.00.
  const sold: ItemFigures = { net: 10000n, taxes: [1900n, 700n], taxable: [10000n, 10000n] };

  it('credits in steps add up to the sale, net or gross, and the last takes what is left', () => {
    for (const gross of [false, true]) {
      const taken: ItemFigures[] = [];
      for (const step of gross ? [3333n, 4444n, 4823n] : [3333n, 3333n, 3334n]) taken.push(creditedPart(sold, figuresLeft(sold, taken), step, gross));
      expect(figuresLeft(sold, taken)).toEqual({ net: 0n, taxes: [0n, 0n], taxable: [0n, 0n] });
      taken.forEach((t) => expect([t.net, ...t.taxes, ...t.taxable].every((v) => v >= 0n)).toBe(true));
    }
  });

  it('keeps a credit within what hand-made credits left, the excess of the net going to the taxes in order', () => {
    // A credit made by hand took 2.00 more of the first tax and 2.00 less of the net than the routine would.
    const left = figuresLeft(sold, [{ net: 4800n, taxes: [1150n, 350n], taxable: [5000n, 5000n] }]);
    const part = creditedPart(sold, left, grossOf(left) - 1n, true);
    expect(grossOf(part)).toBe(grossOf(left) - 1n);
    expect(part.taxes[0]).toBeLessThanOrEqual(left.taxes[0] as bigint);
    expect(part.net).toBeLessThanOrEqual(left.net);
    expect(creditedPart(sold, left, grossOf(left), true)).toEqual(left);
  });
});
