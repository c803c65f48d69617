/**
 * The per-article limit of local taxes (see ArticleCap), applied where amounts are priced:
 * a decision does not depend on the amount (it is cached without it), so it only carries
 * the limit and the local lines it limits, and each priced line is handled here. A limit
 * shared out (`apportion`, Florida's) gives a calculation's line item its base
 * (`articleLimit`: the limit times the articles, a base limit of `price`). Otherwise, and for
 * an amount that does not say its articles, a line whose net amount (per article, where
 * known) is above it is refused (422) rather than charged the full local rate
 * (`checkArticleCap`): a line at most the limit holds no article above it, and is answered.
 * Which of the two a line gets is the sale routine's policy (sale.ts).
 */
import type { ArticleCap, Decision } from './types.js';
import type { CurrencyConverter } from './situation.js';
import { TaxRulesError } from './errors.js';
import { compareDecimal, decimalOf, formatMinor, normalMinor, parseAmount, type Decimal, type Minor } from './money.js';

/**
 * A number of articles as a decimal: a whole number, or a fraction written plainly (a
 * document's quantity is checked to be one). Anything else is refused (400).
 */
export function articlesDecimal(articles: number): Decimal {
  if (Number.isSafeInteger(articles)) return { units: BigInt(articles), scale: 0 };
  const d = decimalOf(articles);
  if (d === null || d.units === 0n) throw new TaxRulesError('invalid_request', 400, [{ path: ['quantity'], code: 'malformed', message: `${articles} is not a plain positive number of articles` }]);
  return d;
}

/**
 * The net of one article of a line of `articles` articles (more than 0; a fraction for a
 * document's quantity of 2.5 kg), rounded up to the minor unit: never below the real one.
 */
export function perArticle(net: Minor, articles: number): Minor {
  if (articles === 1) return net;
  if (typeof net === 'number' && Number.isSafeInteger(articles)) {
    const abs = Math.abs(net);
    const rest = abs % articles;
    return (abs - rest) / articles + (rest > 0 ? 1 : 0);
  }
  const q = articlesDecimal(articles);
  const big = BigInt(net);
  const abs = (big < 0n ? -big : big) * 10n ** BigInt(q.scale);
  return normalMinor((abs + q.units - 1n) / q.units);
}

/**
 * Throws TaxRulesError (422) when a priced line of a decision is above the per-article
 * limit of the local taxes the decision charges: `net` is the line's net amount (minor
 * units of `currency`), or the net of each of its `articles` when it says them; `path` the
 * field of the amount. An amount in another currency than the limit's is converted with
 * `convert` on `date`, and refused without it.
 */
export function checkArticleCap(decision: Decision, net: Minor, currency: string, minorUnits: number, date: string, path: (string | number)[], convert: CurrencyConverter | undefined, articles: number | null): void {
  const cap = decision.articleCap;
  // A line that says its articles is compared article by article; of many, the message says so.
  const each = articles !== null && articles !== 1;
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
      message: cap.apportion && articles !== null
        ? `${cap.note} An item of articles of ${currency} ${amount} each${currency !== cap.currency ? ` (${cap.currency} ${value})` : ''} is above the ${limit} limit, and a document's item bears each tax at one rate on its whole price: give the item's taxes in its \`tax\`, or compute them with a calculation (v20260309), whose line items are charged the local taxes on at most ${limit} per article`
        : cap.apportion
        ? `${cap.note} An amount of ${currency} ${amount}${currency !== cap.currency ? ` (${cap.currency} ${value})` : ''} does not say the price of its articles, so the ${limit} limit cannot be applied to it: give it as a line item of a calculation (v20260309) with its quantity, where the local taxes are charged on at most ${limit} per article, or quote each article of ${limit} or less`
        : `${cap.note} taxrules does not share a price out around the ${limit} limit: ${each ? `a line of articles of ${currency} ${amount} each` : `a line of ${currency} ${amount}`}${currency !== cap.currency ? ` (${cap.currency} ${value})` : ''}, which ${each ? 'are' : 'may hold an article'} above it, is not answered (quote each article of ${limit} or less, and compute the tax of an article above it apart)`,
    },
  ]);
}

/**
 * The base a limit shared out around allows a line of `articles` articles (the limit times
 * the articles), in minor units of `currency`: the limit converted with `convert` on `date`
 * when the line is in another currency (digits below the minor unit dropped), TaxRulesError
 * (422) without a converter or for a converted value that is no decimal.
 */
export function articleLimit(cap: ArticleCap, currency: string, minorUnits: number, date: string, articles: number, path: (string | number)[], convert?: CurrencyConverter): Minor {
  let text = cap.amount;
  const limit = `${cap.currency} ${cap.amount}`;
  if (currency !== cap.currency) {
    const converted = convert?.({ amount: cap.amount, currency: cap.currency }, currency, date) ?? null;
    if (converted === null) {
      throw new TaxRulesError('unprocessable', 422, [
        {
          path,
          code: 'unprocessable',
          message: `${cap.state}'s local taxes apply only up to ${limit} of the price of a single article: a line in ${currency} cannot be charged without a currency converter (the calculator's convertCurrency) to give the limit in ${currency}; give the amount in ${cap.currency}, or a converter`,
        },
      ]);
    }
    text = converted;
  }
  // Digits below the minor unit dropped; a sign is refused (a limit is never negative).
  const t = typeof text === 'string' ? text.trim() : '';
  const dot = t.indexOf('.');
  const cut = dot >= 0 && t.length - dot - 1 > minorUnits ? t.slice(0, minorUnits > 0 ? dot + 1 + minorUnits : dot) : t;
  const parsed = cut.charCodeAt(0) >= 48 && cut.charCodeAt(0) <= 57 ? parseAmount(cut, minorUnits) : null;
  if (parsed === null || !parsed.ok) {
    throw new TaxRulesError('unprocessable', 422, [{ path, code: 'unprocessable', message: `the currency converter gave ${String(text)} for ${limit} in ${currency}, which is not a decimal amount` }]);
  }
  if (articles === 1) return parsed.minor;
  // The limit times the articles, digits below the minor unit dropped.
  const q = articlesDecimal(articles);
  return normalMinor((BigInt(parsed.minor) * q.units) / 10n ** BigInt(q.scale));
}
