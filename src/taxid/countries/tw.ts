import { digit, isDigits } from '../algorithms.js';
import { bad, ok, type TaxIdModule } from '../types.js';

const WEIGHTS: readonly number[] = [1, 2, 1, 2, 1, 2, 4, 1];

/**
 * Taiwan: 統一編號 (Unified Business Number, UBN), 8 digits. Each digit is multiplied by
 * 1 2 1 2 1 2 4 1 and the digits of each product are added; the total must be divisible by
 * 5. When the 7th digit is 7 its product (28) counts as 10, read as 1 or 0, so the total
 * + 1 divisible by 5 passes too. Until 2023 the total had to be divisible by 10: the
 * Ministry of Finance relaxed the rule to 5 to enlarge the numbering (public and private
 * systems to change by 2023-03-31, new numbers released from April 2023); old numbers pass
 * both. Kind `tw_ubn`, prefix `TW` optional. Source: Ministry of Finance (財政部),
 * 營利事業統一編號檢查碼邏輯修正說明 (2022).
 */
export const TW: TaxIdModule = {
  country: 'TW',
  prefixes: ['TW'],
  names: { tw_ubn: '統一編號 (Unified Business Number)' },
  validate(body) {
    if (!isDigits(body)) return bad('format', 'tw_ubn');
    if (body.length !== 8) return bad('length', 'tw_ubn');
    let sum = 0;
    for (let i = 0; i < 8; i++) {
      const p = digit(body, i) * (WEIGHTS[i] as number);
      sum += Math.floor(p / 10) + (p % 10);
    }
    return sum % 5 === 0 || (digit(body, 6) === 7 && (sum + 1) % 5 === 0) ? ok('tw_ubn', body) : bad('checksum', 'tw_ubn');
  },
};
