import { bad, ok, type TaxIdModule } from '../types.js';

/** An ASCII, Arabic-Indic (U+0660–0669) or Eastern Arabic-Indic (U+06F0–06F9) digit's value, or -1. */
function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 0x660 && c <= 0x669) return c - 0x660;
  if (c >= 0x6f0 && c <= 0x6f9) return c - 0x6f0;
  return -1;
}

/**
 * Egypt: رقم التسجيل الضريبي (tax registration number), 9 digits written NNN-NNN-NNN,
 * also in Arabic-Indic digits (normalized to ASCII). No check digit is published, so the
 * format only is checked. Kind `eg_tn`, prefix `EG` optional. Source: Egyptian Tax
 * Authority, tax registration number (9 digits; e-invoicing: the issuer's registration
 * number).
 */
export const EG: TaxIdModule = {
  country: 'EG',
  prefixes: ['EG'],
  names: { eg_tn: 'رقم التسجيل الضريبي (tax registration number)' },
  validate(body) {
    let ascii = '';
    for (let i = 0; i < body.length; i++) {
      const d = digitValue(body.charCodeAt(i));
      if (d < 0) return bad('format', 'eg_tn');
      ascii += String.fromCharCode(48 + d);
    }
    if (ascii.length !== 9) return bad(ascii.length === 0 ? 'format' : 'length', 'eg_tn');
    return ok('eg_tn', ascii);
  },
};
