/** resolveEvidence: the fixture cases, the phone resolver, refusals, and the properties of the rule. */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { phoneCountry, resolveEvidence, TaxRulesError, type Evidence, type EvidenceContext } from '../../src/index.js';

interface Case {
  name: string;
  rule: string;
  evidence: Evidence;
  context?: EvidenceContext;
  expected: Record<string, unknown>;
}

const fixtures = JSON.parse(readFileSync('fixtures/compliance/evidence.json', 'utf8')) as { cases: Case[] };

describe('resolveEvidence: fixtures', () => {
  for (const c of fixtures.cases) {
    it(`${c.name} (${c.rule})`, () => {
      expect(resolveEvidence(c.evidence, c.context)).toMatchObject(c.expected);
    });
  }
});

describe('resolveEvidence', () => {
  it('says which pieces agree and which contradict, with their legal basis', () => {
    const r = resolveEvidence({ billing_country: 'DE', bank_country: 'DE', additional_evidence: 'shipping address', additional_evidence_country: 'AT' });
    expect(r.agreeing.map((p) => p.source)).toEqual(['billing_address', 'bank']);
    expect(r.conflicting).toEqual([{ source: 'additional', country: 'AT', territory: null, level: 'country', legalBasis: expect.stringContaining('24f(f)') }]);
    expect(r.agreeing[0]!.legalBasis).toContain('24f(a)');
  });

  it('lists what it could not use', () => {
    expect(resolveEvidence({ billing_postal_code: '10115', ip_address: '203.0.113.7' }).unused.map((u) => u.field)).toEqual(['billing_postal_code', 'ip_address']);
  });

  it('refuses unknown fields, wrong types and codes that are none, with every issue', () => {
    const cases: [unknown, unknown, RegExp][] = [
      [{ billing_country: 'DE', colour: 'red' }, undefined, /colour: unknown field/],
      [{ billing_country: 'XX' }, undefined, /not an ISO 3166-1 country code/],
      [{ bank_country: 7 }, undefined, /must be a 2-letter country code/],
      [{ phone_number: '030 1234567' }, undefined, /international form/],
      [{ phone_number: '+999 1234' }, undefined, /no country calling code/],
      [{ state: 'maybe' }, undefined, /state must be/],
      [{ billing_country: 'DE' }, { ipcountry: 'DE' }, /ipcountry: unknown field; did you mean ipCountry/],
      [null, undefined, /evidence object is required/],
      ['DE', undefined, /must be an object/],
    ];
    for (const [evidence, context, message] of cases) {
      let error: unknown;
      try {
        resolveEvidence(evidence as never, context as never);
      } catch (e) {
        error = e;
      }
      expect(error, String(message)).toBeInstanceOf(TaxRulesError);
      expect((error as Error).message).toMatch(message);
    }
    try {
      resolveEvidence({ billing_country: 'XX', bank_country: 'YY' });
    } catch (e) {
      expect((e as TaxRulesError).issues).toHaveLength(2);
    }
  });
});

describe('phoneCountry', () => {
  it('reads calling codes and the numbers of countries that share one', () => {
    const cases: [string, string | null, string | null][] = [
      ['+1 416 555 0199', 'CA', null],
      ['+1 212 555 0100', 'US', null],
      ['+1 787 555 1234', 'PR', null],
      ['+1 876 555 0000', 'JM', null],
      ['+7 495 123 4567', 'RU', null],
      ['+7 701 123 4567', 'KZ', null],
      ['+44 20 7946 0018', 'GB', null],
      ['+44 1624 123456', 'IM', null],
      ['+44 1534 123456', 'JE', null],
      ['+44 1481 723456', 'GG', null],
      ['+358 18 12345', 'AX', null],
      ['+358 9 1234567', 'FI', null],
      ['+34 928 123 456', 'ES', 'ES-CANAR'],
      ['+34 91 123 45 67', 'ES', null],
      ['+49 4725 80800', 'DE', 'DE-HELGO'],
      ['0033 1 23 45 67 89', 'FR', null],
    ];
    for (const [number, country, territory] of cases) expect(phoneCountry(number), number).toMatchObject({ country, territory });
    expect(phoneCountry('+49 (30) 123-4567')).toEqual({ e164: '+49301234567', callingCode: '49', country: 'DE', territory: null });
  });
});

describe('properties of the evidence rule', () => {
  const countries = ['DE', 'FR', 'ES', 'IT', 'AT', 'IC', 'FI', 'AX'];
  const piece = fc.record(
    {
      billing_country: fc.constantFrom(...countries),
      billing_postal_code: fc.constantFrom('27498', '10115', '35001', '28001', '23041', '22100'),
      bank_country: fc.constantFrom(...countries),
      additional_evidence_country: fc.constantFrom(...countries),
      residence_country: fc.constantFrom(...countries),
      phone_number: fc.constantFrom('+49 30 1234567', '+34 928 123 456', '+34 91 123 4567', '+33 1 23 45 67 89', '+358 18 12345'),
    },
    { requiredKeys: [] },
  );
  const context = fc.record({ ipCountry: fc.option(fc.constantFrom(...countries), { nil: undefined }) }, { requiredKeys: [] });

  it('does not depend on the order of the pieces', () => {
    fc.assert(
      fc.property(piece, context, fc.infiniteStream(fc.nat()), (evidence, ctx, seeds) => {
        const entries = Object.entries(evidence);
        const shuffled = Object.fromEntries(entries.map((e) => [seeds.next().value as number, e] as const).sort((a, b) => a[0] - b[0]).map(([, e]) => e));
        const a = resolveEvidence(evidence, ctx);
        const b = resolveEvidence(shuffled, ctx);
        expect([b.state, b.country, b.territory]).toEqual([a.state, a.country, a.territory]);
        expect(new Set(b.agreeing.map((p) => p.source))).toEqual(new Set(a.agreeing.map((p) => p.source)));
      }),
      { numRuns: 400 },
    );
  });

  it('adding a piece that agrees never turns confirmed into conflicting, and keeps the place', () => {
    fc.assert(
      fc.property(piece, context, (evidence, ctx) => {
        const before = resolveEvidence(evidence, ctx);
        if (before.state !== 'confirmed') return;
        for (const [field, value] of [
          ['bank_country', before.country],
          ['additional_evidence_country', before.country],
        ] as const) {
          if (field in evidence) continue;
          const after = resolveEvidence({ ...evidence, [field]: value }, ctx);
          expect(after.state).toBe('confirmed');
          expect(after.country).toBe(before.country);
          expect(after.territory).toBe(before.territory);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('confirms a special territory only with a piece at address level for it', () => {
    fc.assert(
      fc.property(piece, context, (evidence, ctx) => {
        const r = resolveEvidence(evidence, ctx);
        if (r.territory !== null) expect(r.agreeing.some((p) => p.level === 'address' && p.territory === r.territory)).toBe(true);
        if (r.state === 'confirmed') expect(r.agreeing.length).toBeGreaterThanOrEqual(2);
      }),
      { numRuns: 400 },
    );
  });
});
