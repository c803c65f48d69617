import { isDigits, iso7064Mod11_10Valid } from '../algorithms.js';
import { invalidIn, readerModule, validIn, withPrefix } from '../reader.js';
import type { TaxIdModule, TaxIdReason, TaxIdValidation } from '../types.js';

const KIND = 'eu_vat';
const no = (reason: TaxIdReason): TaxIdValidation => invalidIn('HR', KIND, reason);

/**
 * Croatia: PDV identifikacijski broj = osobni identifikacijski broj (OIB), HR + 11 digits;
 * the last is an ISO 7064 MOD 11,10 check digit over the first 10. Source: Zakon o osobnom
 * identifikacijskom broju (NN 60/08) and the Porezna uprava OIB specification; EU VIES
 * algorithm notes.
 */
export const HR: TaxIdModule = /* @__PURE__ */ readerModule('HR', ['HR'], { eu_vat: 'PDV identifikacijski broj (OIB)' }, (id, at) => {
  if (!isDigits(id, at)) return no('format');
  if (id.length - at !== 11) return no('length');
  return iso7064Mod11_10Valid(id, at) ? validIn('HR', KIND, withPrefix('HR', id, at)) : no('checksum');
});
