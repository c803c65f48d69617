import { describe, expect, it } from 'vitest';
import { taxIdFormatVerdict } from '../src/taxid/format.js';

describe('default tax-ID verdict (format only)', () => {
  it('accepts well-formed IDs with or without prefix and with noise', () => {
    expect(taxIdFormatVerdict('DE', 'DE811569869')).toBe('valid');
    expect(taxIdFormatVerdict('DE', '811 569 869')).toBe('valid');
    expect(taxIdFormatVerdict('GR', 'EL094259216')).toBe('valid');
    expect(taxIdFormatVerdict('EL', '094259216')).toBe('valid');
    expect(taxIdFormatVerdict('AT', 'atu13585627')).toBe('valid');
    expect(taxIdFormatVerdict('NL', 'NL004495445B01')).toBe('valid');
    expect(taxIdFormatVerdict('CH', 'CHE-123.456.788 MWST')).toBe('valid');
    expect(taxIdFormatVerdict('GB', 'XI123456789')).toBe('valid');
  });

  it('judges an ID by the member state its prefix names', () => {
    expect(taxIdFormatVerdict('DE', 'FR40303265045')).toBe('valid');
    expect(taxIdFormatVerdict('DE', 'FR4030326504')).toBe('invalid');
  });

  it('refuses malformed IDs and knows when it cannot judge', () => {
    expect(taxIdFormatVerdict('DE', 'DE12345')).toBe('invalid');
    expect(taxIdFormatVerdict('FR', 'FR123')).toBe('invalid');
    expect(taxIdFormatVerdict('BR', '12.345.678/0001-95')).toBe('unknown');
  });
});
