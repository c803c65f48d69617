import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

/**
 * Thailand: เลขประจำตัวผู้เสียภาษีอากร (tax identification number), 13 digits: for a juristic
 * person the registration number (first digit 0), for a person the citizen identification
 * number (first digit 1–8). The 13th digit is (11 − Σ digit × 13 12 … 2 mod 11) mod 10.
 * Kind `th_tin`, prefix `TH` optional. Source: Revenue Department, the 13-digit tax
 * identification number, whose check digit is that of the identification number of the
 * Department of Provincial Administration (mod 11).
 */
export const TH: TaxIdModule = {
  country: 'TH',
  prefixes: ['TH'],
  names: { th_tin: 'เลขประจำตัวผู้เสียภาษีอากร (Tax Identification Number)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'th_tin');
    if (body.length !== 13) return bad('length', 'th_tin');
    if (digit(body, 0) === 9) return bad('format', 'th_tin');
    let sum = 0;
    for (let i = 0; i < 12; i++) sum += digit(body, i) * (13 - i);
    return (11 - (sum % 11)) % 10 === digit(body, 12) ? ok('th_tin', body) : bad('checksum', 'th_tin');
  },
};
