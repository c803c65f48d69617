import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coverageMarkdown } from '../scripts/coverage-lib.js';

describe('rules/COVERAGE.md', () => {
  it('is generated from the current rule data (npm run coverage)', () => {
    expect(readFileSync('rules/COVERAGE.md', 'utf8')).toBe(coverageMarkdown());
  });

  it('lists every EU member state with a standard rate in force', () => {
    const md = coverageMarkdown();
    for (const cc of ['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE']) {
      expect(md).toMatch(new RegExp(`^\\| ${cc} [^|]+\\| EU \\|.*\\| standard \\d`, 'm'));
    }
  });
});
