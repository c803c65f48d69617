/**
 * The rates the package carries, as one table read on first use, and the function of rates a
 * document takes (`ecbRates`), for the `taxrules/ecb` entry (which the HTTP handler imports
 * by the package's own name when it serves its first document).
 */
import type { ExchangeRateFunction } from '../core/options.js';
import { guarded } from '../core/errors.js';
import { ecbPack } from './data.js';
import { ecbTable } from './table.js';
import { crossRate } from './rates.js';

/** The rates the package carries, read on first use (the days, then each currency's rates when first asked for). */
export const table = /* @__PURE__ */ ecbTable(ecbPack);

/** See `ecbRates` of `taxrules/ecb`. */
export const ecbRates: ExchangeRateFunction = (currency: string, date: string, accountCurrency: string): string => guarded(() => crossRate(table, currency, accountCurrency, date).rate);
