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
 *
 * The price compared is the net: an exclusive amount itself; an inclusive one's net under the
 * below-limit decision, else under the decision itself, and a gross whose net falls on
 * neither side (below the limit under the one, above it under the other) is refused (422).
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

/**
 * The side of a decision's price limit a priced line takes (see the module comment), with the
 * excess lines' base for an `excess` limit above it.
 */
export function articleSide(d: Decision, amount: Minor, behavior: TaxBehavior, articles: number | null, at: LineAt): ArticleSide {
  const pl = d.priceLimit as DecisionPriceLimit;
  const q = articlesDecimal(articles ?? 1);
  const limit = limitMinor(pl, at) * q.units;
  const scale = 10n ** BigInt(q.scale);
  const isBelow = (net: Minor): boolean => {
    const b = BigInt(net);
    const a = (b < 0n ? -b : b) * scale;
    return a < limit || (a === limit && pl.atLimit === 'below');
  };
  const below: ArticleSide = { decision: pl.below, excess: null };
  const above: ArticleSide = { decision: d, excess: pl.kind === 'excess' ? { lines: pl.lines, amount: normalMinor(limit / scale) } : null };
  if (behavior === 'exclusive') return isBelow(amount) ? below : above;
  if (isBelow(price(pl.below.lines, amount, 'inclusive').subtotal)) return below;
  const net = (above.excess === null ? price(d.lines, amount, 'inclusive') : priceExcess(d.lines, amount, 'inclusive', above.excess)).subtotal;
  if (!isBelow(net)) return above;
  throw refuse(at.path, `the tax of ${pl.what} depends on each article's price against a limit of ${pl.currency} ${pl.amount}, and this inclusive amount's net is below the limit when taxed as above it and above it when taxed as below it: taxrules does not answer it; give the amount exclusive of tax`);
}
