/**
 * A product category's per-article price limit, applied where amounts are priced: a decision
 * does not depend on the amount (it is cached without it), so it carries the limit and the
 * decision for an article below it (`Decision.priceLimit`), and each priced line is
 * answered here by the price of its articles (a line of `articles` articles, all at one
 * price; a quote's amount is one article).
 *
 * - all_or_nothing: an article below the limit (`atLimit` says where one exactly at it falls)
 *   takes the below-limit decision, the others the decision itself.
 * - excess: an article at most the limit (or below it, `atLimit: 'above'`) takes the
 *   below-limit decision; above it, the decision's limited lines are charged only on the part
 *   of the price above the limit (`priceExcess`).
 * - bands: a side's decision may carry a limit of its own (the below-limit decision's
 *   `priceLimit`; above it, `priceLimit.above`), which divides that side again; an article
 *   takes the innermost band it falls in (Connecticut's sales tax free week: under USD 100,
 *   up to USD 1,000, above).
 *
 * The price compared is the net: an exclusive amount itself; an inclusive one's net under
 * each band's decision, the lowest band first, and a gross whose net falls in no band (below
 * a limit under the decision above it, above it under the one below it) is refused (422).
 * The limit is taken in the line's currency, converted by `convert` on the sale's day (digits
 * below the minor unit dropped), and a line in another currency is refused (422) without one.
 */
import type { Decision, DecisionPriceLimit, TaxBehavior } from './types.js';
import type { CurrencyConverter } from './situation.js';
import type { BaseLimit } from './pricing.js';
import { price, priceExcess } from './pricing.js';
import { TaxRulesError } from './errors.js';
import { normalMinor, parseAmount, type Minor } from './money.js';
import { articlesDecimal } from './article-cap.js';

/** The decision a priced line takes under a price limit, and for excess above it the lines' limited base. */
export interface ArticleSide {
  readonly decision: Decision;
  readonly excess: BaseLimit | null;
}

/** Where a line is and what it is in. */
export interface LineAt {
  readonly currency: string;
  readonly minorUnits: number;
  readonly date: string;
  readonly path: (string | number)[];
  readonly convert: CurrencyConverter | undefined;
}

function refuse(path: (string | number)[], message: string): TaxRulesError {
  return new TaxRulesError('unprocessable', 422, [{ path, code: 'unprocessable', message }]);
}

/** The limit in minor units of the line's currency (converted; digits below the minor unit dropped); 422 without a converter. */
function limitMinor(pl: DecisionPriceLimit, at: LineAt): bigint {
  let text: unknown = pl.amount;
  if (at.currency !== pl.currency) {
    const converted = at.convert?.({ amount: pl.amount, currency: pl.currency }, at.currency, at.date) ?? null;
    if (converted === null) {
      throw refuse(at.path, `the tax of ${pl.what} depends on each article's price against a limit of ${pl.currency} ${pl.amount}: a line in ${at.currency} cannot be compared with it without a currency converter (the calculator's convertCurrency); give the amount in ${pl.currency}, or a converter`);
    }
    text = converted;
  }
  const t = typeof text === 'string' ? text.trim() : '';
  const dot = t.indexOf('.');
  const cut = dot >= 0 && t.length - dot - 1 > at.minorUnits ? t.slice(0, at.minorUnits > 0 ? dot + 1 + at.minorUnits : dot) : t;
  const parsed = cut.charCodeAt(0) >= 48 && cut.charCodeAt(0) <= 57 ? parseAmount(cut, at.minorUnits) : null;
  if (parsed === null || !parsed.ok) throw refuse(at.path, `the currency converter gave ${String(text)} for ${pl.currency} ${pl.amount} in ${at.currency}, which is not a decimal amount`);
  return BigInt(parsed.minor);
}

/** What is known of a priced line while its band is sought: its amount, and the limits compared in its terms. */
interface Sought {
  readonly amount: Minor;
  readonly behavior: TaxBehavior;
  readonly units: bigint;
  readonly scale: bigint;
  readonly at: LineAt;
}

/** A limit times the line's articles, in minor units scaled as the articles (`Sought.scale`). */
function scaledLimit(pl: DecisionPriceLimit, s: Sought): bigint {
  return limitMinor(pl, s.at) * s.units;
}

/** Whether a net amount of the line is below the limit (per article). */
function isBelow(pl: DecisionPriceLimit, limit: bigint, net: Minor, s: Sought): boolean {
  const b = BigInt(net);
  const a = (b < 0n ? -b : b) * s.scale;
  return a < limit || (a === limit && pl.atLimit === 'below');
}

/**
 * The band of `d` a line falls in, if any, among those whose prices `fits` admits (the sides
 * of the limits outside `d`): below the limit first, then above it. An exclusive amount is
 * its net; an inclusive one's net is taken under each band's own lines, and a band holds it
 * where that net is in the band's prices.
 */
function band(d: Decision, s: Sought, fits: (net: Minor) => boolean): ArticleSide | null {
  const pl = d.priceLimit;
  if (pl === null) return fits(netOf(d, null, s)) ? { decision: d, excess: null } : null;
  const limit = scaledLimit(pl, s);
  const below = band(pl.below, s, (net) => isBelow(pl, limit, net, s) && fits(net));
  if (below !== null) return below;
  const aboveFits = (net: Minor): boolean => !isBelow(pl, limit, net, s) && fits(net);
  if (pl.above !== null) return band(pl.above, s, aboveFits);
  const above: ArticleSide = { decision: d, excess: pl.kind === 'excess' ? { lines: pl.lines, amount: normalMinor(limit / s.scale) } : null };
  return aboveFits(netOf(d, above.excess, s)) ? above : null;
}

/** A line's net under a band's lines (an exclusive amount is its own net). */
function netOf(d: Decision, excess: BaseLimit | null, s: Sought): Minor {
  if (s.behavior === 'exclusive') return s.amount;
  return (excess === null ? price(d.lines, s.amount, 'inclusive') : priceExcess(d.lines, s.amount, 'inclusive', excess)).subtotal;
}

/** The band of `d` just above its limit: the above side's lowest band, else `d` itself (with an excess limit's base). */
function aboveOf(d: Decision, pl: DecisionPriceLimit, s: Sought): ArticleSide {
  if (pl.above !== null) {
    let x = pl.above;
    while (x.priceLimit !== null) x = x.priceLimit.below;
    return { decision: x, excess: null };
  }
  return { decision: d, excess: pl.kind === 'excess' ? { lines: pl.lines, amount: normalMinor(scaledLimit(pl, s) / s.scale) } : null };
}

/** The highest band of `d` (the band of an article above all its limits). */
function highestOf(d: Decision, s: Sought): ArticleSide {
  const pl = d.priceLimit;
  if (pl === null) return { decision: d, excess: null };
  return pl.above !== null ? highestOf(pl.above, s) : aboveOf(d, pl, s);
}

/**
 * The limit an inclusive amount falls on when no band holds it, the lowest first: one whose
 * band just below it gives a net not below it, and whose band just above it a net below it.
 */
function gapOf(d: Decision, s: Sought): DecisionPriceLimit | null {
  const pl = d.priceLimit;
  if (pl === null) return null;
  const inner = gapOf(pl.below, s);
  if (inner !== null) return inner;
  const limit = scaledLimit(pl, s);
  const under = highestOf(pl.below, s);
  const over = aboveOf(d, pl, s);
  if (!isBelow(pl, limit, netOf(under.decision, under.excess, s), s) && isBelow(pl, limit, netOf(over.decision, over.excess, s), s)) return pl;
  return pl.above === null ? null : gapOf(pl.above, s);
}

/**
 * The side of a decision's price limit a priced line takes (see the module comment), in a
 * band of nested limits the innermost, with the excess lines' base for an `excess` limit
 * above it. An inclusive amount that falls in no band is refused naming the limit it falls
 * on (in bands, maybe an inner one).
 */
export function articleSide(d: Decision, amount: Minor, behavior: TaxBehavior, articles: number | null, at: LineAt): ArticleSide {
  const q = articlesDecimal(articles ?? 1);
  const s: Sought = { amount, behavior, units: q.units, scale: 10n ** BigInt(q.scale), at };
  const side = band(d, s, () => true);
  if (side !== null) return side;
  const pl = gapOf(d, s) ?? (d.priceLimit as DecisionPriceLimit);
  throw refuse(at.path, `the tax of ${pl.what} depends on each article's price against a limit of ${pl.currency} ${pl.amount}, and this inclusive amount's net is below the limit when taxed as above it and above it when taxed as below it: taxrules does not answer it; give the amount exclusive of tax`);
}
