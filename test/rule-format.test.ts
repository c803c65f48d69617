import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatRuleFile, layoutProblems, ruleFilePaths } from '../scripts/rule-format.js';

describe('canonical rule-file layout', () => {
  it('prints periods on one line, small scalar objects and arrays on one line, the rest one member per line', () => {
    const value = {
      country: 'XX',
      postal_code: { pattern: '^\\d{5}$' },
      aliases: ['XA', 'XB'],
      rates: {
        standard: [{ from: '2020-01-01', rate: '19', source: 'Gazette', checked: '2026-11-23', note: 'A note.' }],
      },
      supply_rules: [{ seller: 'foreign', supply: ['goods', 'digital'], then: 'destination', source: 'Directive', checked: '2026-11-23' }],
      empty: [],
    };
    expect(formatRuleFile(value)).toBe(
      [
        '{',
        '  "country": "XX",',
        '  "postal_code": { "pattern": "^\\\\d{5}$" },',
        '  "aliases": ["XA", "XB"],',
        '  "rates": {',
        '    "standard": [',
        '      { "from": "2020-01-01", "rate": "19", "source": "Gazette", "checked": "2026-11-23", "note": "A note." }',
        '    ]',
        '  },',
        '  "supply_rules": [',
        '    { "seller": "foreign", "supply": ["goods", "digital"], "then": "destination", "source": "Directive", "checked": "2026-11-23" }',
        '  ],',
        '  "empty": []',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('keeps the key order of the file', () => {
    expect(formatRuleFile({ zeta: { b: 1, a: 2 }, alpha: 1 })).toBe('{\n  "zeta": { "b": 1, "a": 2 },\n  "alpha": 1\n}\n');
  });

  it('keeps a period on one line however long it is, and breaks a long object that is not one', () => {
    const long = 'x'.repeat(200);
    const text = formatRuleFile({ periods: [{ from: '2020-01-01', source: long, checked: '2026-11-23' }], leaf: { source: long } });
    const lines = text.split('\n');
    expect(lines).toContain(`    { "from": "2020-01-01", "source": "${long}", "checked": "2026-11-23" }`);
    expect(lines).toContain(`    "source": "${long}"`);
  });

  it('measures the 160-character limit on the whole line', () => {
    // "  \"k\": " is 7 characters; the array text is 2 + the quoted string.
    const fits = 'a'.repeat(160 - 7 - 4);
    expect(formatRuleFile({ k: [fits] })).toBe(`{\n  "k": ["${fits}"]\n}\n`);
    expect(formatRuleFile({ k: [`${fits}a`] })).toBe(`{\n  "k": [\n    "${fits}a"\n  ]\n}\n`);
  });

  it('leaves rules/countries/DE.json, the model layout, as it is', () => {
    const text = readFileSync('rules/countries/DE.json', 'utf8');
    expect(formatRuleFile(JSON.parse(text))).toBe(text);
  });

  it('finds every rule file and no schema', () => {
    const files = ruleFilePaths('rules');
    expect(files).toContain('rules/us/zip-states.json');
    expect(files).toContain('rules/territories/AT.json');
    expect(files.some((f) => f.includes('schema'))).toBe(false);
  });

  it('holds every rule file in the canonical layout, and formatting changes no data', () => {
    expect(layoutProblems('rules')).toEqual([]);
    for (const file of ruleFilePaths('rules')) {
      const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const again: unknown = JSON.parse(formatRuleFile(value));
      expect(again, file).toStrictEqual(value);
      expect(JSON.stringify(again), file).toBe(JSON.stringify(value));
    }
  });
});
