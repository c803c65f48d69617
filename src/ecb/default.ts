/**
 * The rates the package carries, as one table read on first use, and the function of rates a
 * document takes (`ecbRates`). Its own module so that the HTTP handler loads it only when a
 * document needs a reference rate: the main entries carry none of this data.
 */
import type { ExchangeRateFunction } from '../documents/exchange.js';
import { guarded } from '../core/errors.js';
import { ecbPack } from './data.js';
import { ecbTable } from './table.js';
import { crossRate } from './rates.js';

/** The rates the package carries, read on first use (the days, then each currency's rates when first asked for). */
export const table = /* @__PURE__ */ ecbTable(ecbPack);

/** See `ecbRates` of `taxrules/ecb`. */
export const ecbRates: ExchangeRateFunction = (currency: string, date: string, accountCurrency: string): string => guarded(() => crossRate(table, currency, accountCurrency, date).rate);
