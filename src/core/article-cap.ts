/**
 * The per-article limit of local taxes (see ArticleCap), checked where amounts are priced:
 * a decision does not depend on the amount (it is cached without it), so it only carries
 * the limit of the local lines it charges, and each priced line is checked here. The rules
 * do not share a price out around the limit (the local rate up to it, a state tax above
 * it), so a line whose net amount is above it is refused (422) rather than charged the full
 * local rate: a line at most the limit holds no article above it, and is answered.
 */
import type { Decision } from './types.js';
import type { CurrencyConverter } from './decide.js';
import { TaxRulesError } from './errors.js';
import { compareDecimal, formatMinor, type Minor } from './money.js';

/**
 * The net of one article of a line of `quantity` articles (a whole number, at least 1),
 * rounded up to the minor unit: never below the real one.
 */
export function perArticle(net: Minor, quantity: number): Minor {
  if (quantity === 1) return net;
  if (typeof net === 'bigint') {
    const abs = net < 0n ? -net : net;
    const q = BigInt(quantity);
    return (abs + q - 1n) / q;
  }
  const abs = Math.abs(net);
  const rest = abs % quantity;
  return (abs - rest) / quantity + (rest > 0 ? 1 : 0);
}

/**
 * Throws TaxRulesError (422) when a priced line of a decision is above the per-article
 * limit of the local taxes the decision charges: `net` is the line's net amount (minor
 * units of `currency`), or the net of each of its articles when `each` is set; `path` the
 * field of the amount. An amount in another currency than the limit's is converted with
 * `convert` on `date`, and refused without it.
 */
export function checkArticleCap(decision: Decision, net: Minor, currency: string, minorUnits: number, date: string, path: (string | number)[], convert?: CurrencyConverter, each = false): void {
  const cap = decision.articleCap;
  if (cap === null) return;
  const abs = typeof net === 'number' ? Math.abs(net) : net < 0n ? -net : net;
  if (abs === 0 || abs === 0n) return;
  const amount = formatMinor(abs, minorUnits);
  const limit = `${cap.currency} ${cap.amount}`;
  let value = amount;
  if (currency !== cap.currency) {
    const converted = convert?.({ amount, currency }, cap.currency, date) ?? null;
    if (converted === null) {
      throw new TaxRulesError('unprocessable', 422, [
        {
          path,
          code: 'unprocessable',
          message: `${cap.state}'s local taxes apply only up to ${limit} of the price of a single article, which taxrules does not share a price out around: a line of ${currency} ${amount} cannot be compared with it without a currency converter (the calculator's convertCurrency); give the amount in ${cap.currency}, or a converter`,
        },
      ]);
    }
    value = converted;
  }
  if (compareDecimal(value, cap.amount) <= 0) return;
  throw new TaxRulesError('unprocessable', 422, [
    {
      path,
      code: 'unprocessable',
      message: `${cap.note} taxrules does not share a price out around the ${limit} limit: ${each ? `a line of articles of ${currency} ${amount} each` : `a line of ${currency} ${amount}`}${currency !== cap.currency ? ` (${cap.currency} ${value})` : ''}, which ${each ? 'are' : 'may hold an article'} above it, is not answered (quote each article of ${limit} or less, and compute the tax of an article above it apart)`,
    },
  ]);
}
