/**
 * A small, frozen rule set made for tests (the idea of libphonenumber's
 * `PhoneNumberMetadataForTesting`): invented countries, structurally like the real ones, so
 * that the logic tests never move when a real rate changes. Every country code is one of
 * ISO 3166's user-assigned codes (XA–XZ) and every numeric id one of its user-assigned
 * numbers (900–999), so nothing here can be mistaken for a real country; the one real code
 * is EUR, the currency of the union's consignment limit. XTS is ISO 4217's code reserved
 * for testing.
 *
 * What the tests rely on (expected values come from this table, never from running code):
 *
 * | where | id | tax | facts |
 * |---|---|---|---|
 * | XU, union regime of XA and XB | — | — | B2B across members: reverse charge; B2C digital: no rule before 2005-01-01, origin 2005–2014, destination from 2015-01-01; B2C goods: destination_if_registered; B2C services: origin; foreign sellers: B2B reverse charge (services and digital) or import VAT (goods), B2C digital and goods: destination, B2C services: outside the scope |
 * | XU One-Stop Scheme | 9900 | — | union sellers: digital from 2015-01-01, goods and services from 2021-07-01; foreign sellers: digital from 2015-01-01, goods from 2021-07-01 with import_scheme only, consignments up to EUR 150 |
 * | XA Avalonia (XU from 2000-01-01) | 901 | VAT | standard 18 from 2010-01-01, 20 from 2020-07-01; reduced 10 from 2010-01-01; e-books standard, reduced from 2019-01-01 |
 * | XA-FREE Free Port (postal 99xxx) | — | — | no special treatment until 2011-12-31, outside XA's tax from 2012-01-01 |
 * | XA-SUN Sunward Islands (postal 8xxxx) | — | — | taxed as XA, region SI, own standard rate 12 (reduced: XA's) |
 * | XA-BEX Bexclave (postal 77777) | — | — | taxed as XB (no note of its own) |
 * | XB Borduria (XU from 2004-05-01) | 902 | VAT | standard 25 from 2000-01-01; no reduced rate (reduced code at standard); consulting exempt |
 * | XC Caldera (single area XC from 2000-01-01) | 903 | GST | standard 5 from 2008-01-01; zero 0; reduced code zero-rated |
 * | XC Northmoor Province (postal 1xxx) | 903001 | PST (additional, own registration) | since 2016-01-01, standard 7; consulting not taxable |
 * | XC Harbour Province (postal 2xxx) | 903002 | HST (replaces GST, registration 903) | standard 13 from 2010-07-01, 15 from 2016-07-01 |
 * | XC Westreach Province (postal 3xxx) | 903003 | — | GST only |
 * | XD Delmar (XD, union kind, from 1950-01-01; destination everywhere) | 904 | none | regime: digital and consulting not taxable, goods taxable |
 * | XD Norland (postal 1xxxx) | 904001 | Sales tax | 6 from 1990-01-01; SaaS taxable on 80 % from 2015-01-01 |
 * | XD Eastvale (postal 2xxxx) | 904002 | Sales tax | 5 from 2000-01-01 |
 * | XD Southmark (postal 3xxxx) | 904003 | none | no sales tax |
 * | XD-NO local taxes of Norland (origin-sourced; goods' local taxes on at most XTS 1000 per article, shared out) | — | — | see below |
 * | Redwood County (c001) | 90401001 | Sales tax (local) | 1 from 2000-01-01 |
 * | Pine County (c002) | 90401002 | Sales tax (local) | 0.5 from 2000-01-01 |
 * | Lakeside (p00100, in Redwood County) | 9040100100 | Sales tax (local) | 1.5 from 2000-01-01 |
 * | Lakeside Transit District (d1) | 90401000001 | Sales tax (local) | 0.5 from 2000-01-01 |
 * | Norland ZIP codes | — | — | 10001: Redwood, Lakeside, Transit (100 %); 10002: Redwood 60 %, Pine 40 %; 10003: Pine (100 %) |
 * | XE Estmark (single area XE from 2000-01-01) | 905 | CT main 8, LCT additional 2 | from 2000-01-01; categories: CT's own other_categories taxable, the regime's (LCT's) exempt |
 * | XE-OUT Outer Isles (postal 9xxx) | — | — | taxed as XE, own standard rate 4 (for the main tax) |
 * | XZ Nowhere | 999 | — | in the world list, no rules |
 *
 * Product categories (prepared_food and candy are finer codes of food in this set only):
 *
 * | where | treatments |
 * |---|---|
 * | XU regime | clothing standard; medical_devices exempt; other_categories standard |
 * | XA VAT (reduced2 5 from 2010) | from 2010-01-01: food reduced; clothing reduced2; books zero_rated; newspapers exempt |
 * | XC GST, Northmoor PST | GST: food zero_rated, nothing else (clothing: not recorded); PST: food exempt |
 * | XD regime | other_categories standard |
 * | Norland (food class 2 from 1990) | food at the food class; clothing standard, exempt below XTS 110 an article (110 taxed), a Back-to-school holiday 2024-08-01 to 08-04 (exempt at most XTS 200), a Clothing week 2024-09-01 to 09-07 in bands (below XTS 50 exempt, at most XTS 500 at the food class, above standard); books standard, exempt in Book week 2024-08-01 to 08-07; diapers exempt |
 * | Norland local taxes | file: food exempt; Pine County: food and diapers taxable; Lakeside: clothing taxable at any price |
 * | Eastvale | food split into prepared_food (standard) and candy (exempt); clothing taxed only above XTS 175 an article (excess), in the Eastvale holiday 2024-08-10 to 08-11 exempt at most XTS 1000 and above it taxed above XTS 175; admission not taxable |
 *
 * Delivery charges (a seller's shipping charged with the goods):
 *
 * | where | treatment |
 * |---|---|
 * | XU regime, XC regime (GST, HST) | follow the goods from 2000-01-01 |
 * | Northmoor PST | its own rule: follows the goods from 2016-01-01 |
 * | Norland sales tax (and its local taxes) | follows the goods from 2010-01-01; no rule before (refused) |
 * | Eastvale sales tax | not taxed when stated apart, on conditions (a carrier) |
 * | XE (CT, LCT) | no rule (refused) |
 */
import type { CountryRules, RegimeRules, RuleData, RatePeriod, TerritoryRules, TreatmentPeriod, UsLocalRules } from '../../src/core/rule-data.js';
import { createRuleSet } from '../../src/core/ruleset.js';

const CHECKED = '2026-01-15';
const RATE_SOURCE = 'Test data: fictional rate for the logic tests';
const RULE_SOURCE = 'Test data: fictional rule for the place-of-supply tests';
const TREATMENT_SOURCE = 'Test data: fictional treatment for the taxability tests';
const TERRITORY_SOURCE = 'Test data: fictional territory for the location tests';
const SCHEME_SOURCE = 'Test data: fictional scheme for the registration tests';
const DELIVERY_SOURCE = 'Test data: fictional rule on delivery charges (Test Act, art. 11)';

/** A tax's treatment of the delivery charges of its goods from `from`. */
function delivery(from: string, treatment: 'follows_goods' | 'exempt_if_separately_stated' | 'not_taxable', conditions?: string): NonNullable<RegimeRules['delivery']> {
  return [{ from, treatment, ...(conditions !== undefined ? { conditions } : {}), source: DELIVERY_SOURCE, checked: CHECKED }];
}
const CATEGORY_SOURCE = 'Test data: fictional law on product categories (Test Act, art. 9)';

function rate(from: string, value: string, note?: string): RatePeriod {
  return { from, rate: value, source: RATE_SOURCE, checked: CHECKED, ...(note !== undefined ? { note } : {}) };
}

function taxable(from: string, cls: NonNullable<TreatmentPeriod['class']>, extra: { part?: string; note?: string } = {}): TreatmentPeriod {
  return {
    from,
    treatment: 'taxable',
    class: cls,
    ...(extra.part !== undefined ? { taxable_part: extra.part } : {}),
    source: TREATMENT_SOURCE,
    checked: CHECKED,
    ...(extra.note !== undefined ? { note: extra.note } : {}),
  };
}

function untaxed(from: string, treatment: 'exempt' | 'not_taxable', note?: string): TreatmentPeriod {
  return { from, treatment, source: TREATMENT_SOURCE, checked: CHECKED, ...(note !== undefined ? { note } : {}) };
}

/** A product category's treatment other than taxable (zero-rated, exempt, not taxable), with a holiday where given. */
function treated(from: string, treatment: 'zero_rated' | 'exempt' | 'not_taxable', extra: { note?: string; holiday?: string } = {}): TreatmentPeriod {
  return { from, treatment, ...(extra.holiday !== undefined ? { holiday: extra.holiday } : {}), source: CATEGORY_SOURCE, checked: CHECKED, ...(extra.note !== undefined ? { note: extra.note } : {}) };
}

/** A product category taxed at a class, with a price limit or a holiday where given. */
function taxedCategory(from: string, cls: NonNullable<TreatmentPeriod['class']>, extra: { note?: string; holiday?: string; limit?: NonNullable<TreatmentPeriod['price_limit']> } = {}): TreatmentPeriod {
  return {
    from,
    treatment: 'taxable',
    class: cls,
    ...(extra.limit !== undefined ? { price_limit: extra.limit } : {}),
    ...(extra.holiday !== undefined ? { holiday: extra.holiday } : {}),
    source: CATEGORY_SOURCE,
    checked: CHECKED,
    ...(extra.note !== undefined ? { note: extra.note } : {}),
  };
}

/** The default treatment of the seven tax codes from `from`: digital codes as given, the rest taxable (reduced as given). */
function regimeTaxability(from: string, digital: 'taxable' | 'not_taxable', reducedClass: 'reduced' | 'standard'): RegimeRules['taxability'] {
  const d = (): TreatmentPeriod[] => [digital === 'taxable' ? taxable(from, 'standard') : untaxed(from, 'not_taxable')];
  return {
    consulting: d(),
    eservice: d(),
    ebook: d(),
    saas: d(),
    standard: [taxable(from, 'standard')],
    reduced: [taxable(from, reducedClass)],
    exempt: [untaxed(from, 'exempt', 'The exempt tax code is exempt in every jurisdiction.')],
  };
}

const union: RegimeRules = {
  $schema: '../schema/regime.schema.json',
  regime: 'XU',
  name: 'XU VAT',
  kind: 'union',
  delivery: delivery('2000-01-01', 'follows_goods'),
  supply_rules: [
    { seller: 'domestic', then: 'destination', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'union', customer: 'business', then: 'reverse_charge', reason: 'eu_reverse_charge', note: 'XU VAT reverse charge: the customer accounts for VAT.', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'union', customer: 'consumer', supply: ['digital'], from: '2005-01-01', until: '2014-12-31', then: 'origin', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'union', customer: 'consumer', supply: ['digital'], from: '2015-01-01', then: 'destination', source: RULE_SOURCE, checked: CHECKED },
    {
      seller: 'union',
      customer: 'consumer',
      supply: ['goods'],
      then: 'destination_if_registered',
      note: "Distance sales: the customer's VAT applies once the seller is registered there or in the One-Stop Scheme.",
      source: RULE_SOURCE,
      checked: CHECKED,
    },
    { seller: 'union', customer: 'consumer', supply: ['services'], then: 'origin', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'foreign', customer: 'business', supply: ['digital', 'services'], then: 'reverse_charge', reason: 'reverse_charge', note: 'Reverse charge: the customer accounts for VAT.', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'foreign', customer: 'business', supply: ['goods'], then: 'reverse_charge', reason: 'import_vat', note: 'Goods imported by a business: the importer accounts for import VAT.', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'foreign', customer: 'consumer', supply: ['digital'], then: 'destination', source: RULE_SOURCE, checked: CHECKED },
    {
      seller: 'foreign',
      customer: 'consumer',
      supply: ['goods'],
      then: 'destination',
      note: 'Imported goods: the seller charges VAT when enrolled in the import scheme (consignments up to EUR 150) or registered; otherwise import VAT is collected at the border.',
      source: RULE_SOURCE,
      checked: CHECKED,
    },
    {
      seller: 'foreign',
      customer: 'consumer',
      supply: ['services'],
      then: 'outside_scope',
      reason: 'outside_scope',
      note: 'Outside the scope: the place of supply of this service is where the supplier is established.',
      source: RULE_SOURCE,
      checked: CHECKED,
    },
  ],
  schemes: [
    {
      jurisdiction: 9900,
      name: 'XU One-Stop Scheme',
      country: 'XU',
      covers: [
        { seller: 'union', supply: ['digital'], from: '2015-01-01', source: SCHEME_SOURCE, checked: CHECKED },
        { seller: 'union', supply: ['goods', 'services'], from: '2021-07-01', source: SCHEME_SOURCE, checked: CHECKED },
        { seller: 'foreign', supply: ['digital'], from: '2015-01-01', source: SCHEME_SOURCE, checked: CHECKED },
        { seller: 'foreign', supply: ['goods'], import_scheme: true, consignment_limit: { amount: '150', currency: 'EUR' }, from: '2021-07-01', source: SCHEME_SOURCE, checked: CHECKED },
      ],
    },
  ],
  taxability: {
    ...regimeTaxability('2000-01-01', 'taxable', 'reduced'),
    clothing: [taxedCategory('2000-01-01', 'standard', { note: "Clothing is taxed at the union's standard rate." })],
    medical_devices: [treated('2000-01-01', 'exempt', { note: 'Medical devices are exempt throughout the union.' })],
    other_categories: [taxedCategory('2000-01-01', 'standard')],
  },
  notes: ['Test data: two member countries that are separate tax areas sharing these rules.'],
};

const calderaRegime: RegimeRules = {
  $schema: '../schema/regime.schema.json',
  regime: 'XC',
  name: 'Caldera GST and provincial sales taxes',
  kind: 'single_area',
  delivery: delivery('2000-01-01', 'follows_goods'),
  supply_rules: [
    { seller: 'domestic', then: 'destination', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'foreign', customer: 'business', supply: ['digital', 'services'], then: 'reverse_charge', reason: 'reverse_charge', note: 'Reverse charge: the customer accounts for the tax.', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'foreign', customer: 'business', supply: ['goods'], then: 'reverse_charge', reason: 'import_vat', note: 'Goods imported by a business: the importer accounts for import tax.', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'foreign', customer: 'consumer', then: 'destination', source: RULE_SOURCE, checked: CHECKED },
  ],
  taxability: regimeTaxability('2000-01-01', 'taxable', 'standard'),
};

const delmarRegime: RegimeRules = {
  $schema: '../schema/regime.schema.json',
  regime: 'XD',
  name: 'Delmar state sales taxes',
  kind: 'union',
  supply_rules: [{ then: 'destination', source: RULE_SOURCE, checked: CHECKED }],
  taxability: { ...regimeTaxability('1950-01-01', 'not_taxable', 'standard'), other_categories: [taxedCategory('1950-01-01', 'standard')] },
};

const estmarkRegime: RegimeRules = {
  $schema: '../schema/regime.schema.json',
  regime: 'XE',
  name: 'Estmark consumption taxes',
  kind: 'single_area',
  supply_rules: [
    { seller: 'domestic', then: 'destination', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'foreign', customer: 'business', then: 'reverse_charge', reason: 'reverse_charge', note: 'Reverse charge: the customer accounts for the tax.', source: RULE_SOURCE, checked: CHECKED },
    { seller: 'foreign', customer: 'consumer', then: 'destination', source: RULE_SOURCE, checked: CHECKED },
  ],
  taxability: { ...regimeTaxability('2000-01-01', 'taxable', 'standard'), other_categories: [treated('2000-01-01', 'exempt')] },
};

const avalonia: CountryRules = {
  $schema: '../schema/country.schema.json',
  country: 'XA',
  name: 'Avalonia',
  currency: 'EUR',
  regimes: [{ regime: 'XU', from: '2000-01-01', source: RULE_SOURCE, checked: CHECKED }],
  postal_code: { pattern: '^\\d{5}$' },
  jurisdictions: [
    {
      id: 901,
      name: 'Avalonia',
      region: '',
      level: 'country',
      taxes: [
        {
          tax: 'vat',
          name: 'VAT',
          role: 'main',
          rates: {
            standard: [rate('2010-01-01', '18'), rate('2020-07-01', '20')],
            reduced: [rate('2010-01-01', '10')],
            reduced2: [rate('2010-01-01', '5')],
          },
          taxability: {
            ebook: [taxable('2000-01-01', 'standard'), taxable('2019-01-01', 'reduced', { note: 'E-books are taxed at the reduced rate like printed books.' })],
            food: [taxedCategory('2010-01-01', 'reduced', { note: 'Foodstuffs are taxed at the reduced rate (Test VAT Act, annex 1).' })],
            clothing: [taxedCategory('2010-01-01', 'reduced2')],
            books: [treated('2010-01-01', 'zero_rated', { note: 'Printed books are zero-rated (Test VAT Act, art. 30).' })],
            newspapers: [treated('2010-01-01', 'exempt')],
          },
          notes: ['Test data: the reduced class is the 10 % rate.'],
        },
      ],
    },
  ],
};

const borduria: CountryRules = {
  $schema: '../schema/country.schema.json',
  country: 'XB',
  name: 'Borduria',
  currency: 'EUR',
  regimes: [{ regime: 'XU', from: '2004-05-01', source: RULE_SOURCE, checked: CHECKED }],
  jurisdictions: [
    {
      id: 902,
      name: 'Borduria',
      region: '',
      level: 'country',
      taxes: [
        {
          tax: 'vat',
          name: 'VAT',
          role: 'main',
          rates: { standard: [rate('2000-01-01', '25')] },
          taxability: {
            reduced: [taxable('2000-01-01', 'standard', { note: 'Borduria has no reduced rate: the standard rate applies.' })],
            consulting: [untaxed('2000-01-01', 'exempt')],
          },
        },
      ],
    },
  ],
};

const caldera: CountryRules = {
  $schema: '../schema/country.schema.json',
  country: 'XC',
  name: 'Caldera',
  currency: 'XTS',
  regimes: [{ regime: 'XC', from: '2000-01-01', source: RULE_SOURCE, checked: CHECKED }],
  postal_code: {
    pattern: '^[1-9]\\d{3}$',
    regions: [
      { pattern: '^1\\d{3}$', region: 'NP' },
      { pattern: '^2\\d{3}$', region: 'HP' },
      { pattern: '^3\\d{3}$', region: 'WP' },
    ],
  },
  jurisdictions: [
    {
      id: 903,
      name: 'Caldera',
      region: '',
      level: 'country',
      taxes: [
        {
          tax: 'gst',
          name: 'GST',
          role: 'main',
          rates: { standard: [rate('2008-01-01', '5')], zero: [rate('2000-01-01', '0')] },
          taxability: { reduced: [taxable('2000-01-01', 'zero', { note: 'Basic supplies are zero-rated.' })], food: [treated('2000-01-01', 'zero_rated')] },
        },
      ],
    },
    {
      id: 903001,
      name: 'Northmoor Province',
      region: 'NP',
      level: 'province',
      taxes: [
        {
          tax: 'pst',
          name: 'PST',
          role: 'additional',
          registration: 903001,
          since: '2016-01-01',
          rates: { standard: [rate('2016-01-01', '7')] },
          delivery: delivery('2016-01-01', 'follows_goods'),
          taxability: { consulting: [untaxed('2016-01-01', 'not_taxable')], food: [treated('2016-01-01', 'exempt')] },
        },
      ],
    },
    {
      id: 903002,
      name: 'Harbour Province',
      region: 'HP',
      level: 'province',
      taxes: [
        {
          tax: 'hst',
          name: 'HST',
          role: 'main',
          replaces: 'gst',
          registration: 903,
          rates: { standard: [rate('2010-07-01', '13'), rate('2016-07-01', '15')] },
        },
      ],
    },
    { id: 903003, name: 'Westreach Province', region: 'WP', level: 'province', taxes: [] },
  ],
};

/** Norland's clothing: exempt below XTS 110 an article (one at 110 is taxed). */
const CLOTHING_LIMIT: NonNullable<TreatmentPeriod['price_limit']> = { amount: '110', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'above', note: 'Clothing priced below XTS 110 an article is exempt (Test Sales Tax Act § 20).' };

/** Norland's Clothing week: bands of nested limits, below XTS 50 exempt, up to XTS 500 at the food class, above at the standard rate. */
const CLOTHING_WEEK: NonNullable<TreatmentPeriod['price_limit']> = {
  amount: '500',
  currency: 'XTS',
  kind: 'all_or_nothing',
  at_limit: 'below',
  below: { treatment: 'taxable', class: 'food', price_limit: { amount: '50', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'above', note: 'During Clothing week, clothing priced below XTS 50 an article is exempt.' } },
  note: 'During Clothing week, clothing priced at most XTS 500 an article is taxed at the food rate.',
};

/** Eastvale's clothing: taxed only on the part of an article's price above XTS 175. */
const EASTVALE_CLOTHING: NonNullable<TreatmentPeriod['price_limit']> = { amount: '175', currency: 'XTS', kind: 'excess', at_limit: 'below', note: 'Clothing is taxed only on the part of an article’s price above XTS 175 (Test Sales Tax Act § 21).' };

const delmar: CountryRules = {
  $schema: '../schema/country.schema.json',
  country: 'XD',
  name: 'Delmar',
  currency: 'XTS',
  regimes: [{ regime: 'XD', from: '1950-01-01', source: RULE_SOURCE, checked: CHECKED }],
  postal_code: {
    pattern: '^\\d{5}$',
    regions: [
      { pattern: '^1\\d{4}$', region: 'NO' },
      { pattern: '^2\\d{4}$', region: 'EA' },
      { pattern: '^3\\d{4}$', region: 'SO' },
    ],
  },
  jurisdictions: [
    { id: 904, name: 'Delmar', region: '', level: 'country', taxes: [], notes: ['No federal sales tax.'] },
    {
      id: 904001,
      name: 'Norland',
      region: 'NO',
      level: 'state',
      taxes: [
        {
          tax: 'sales_tax',
          name: 'Sales tax',
          role: 'main',
          rates: { standard: [rate('1990-01-01', '6')], food: [rate('1990-01-01', '2')] },
          delivery: delivery('2010-01-01', 'follows_goods'),
          taxability: {
            saas: [taxable('2015-01-01', 'standard', { part: '80', note: 'SaaS is taxed on 80 % of the price.' })],
            food: [taxedCategory('1990-01-01', 'food', { note: 'Food for home consumption is taxed at the food rate (Test Sales Tax Act § 12).' })],
            clothing: [
              taxedCategory('1990-01-01', 'standard', { limit: CLOTHING_LIMIT }),
              taxedCategory('2024-08-01', 'standard', { holiday: 'Back-to-school holiday', limit: { amount: '200', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', note: 'During the holiday, clothing priced at most XTS 200 an article is exempt.' } }),
              taxedCategory('2024-08-05', 'standard', { limit: CLOTHING_LIMIT }),
              taxedCategory('2024-09-01', 'standard', { holiday: 'Clothing week', limit: CLOTHING_WEEK }),
              taxedCategory('2024-09-08', 'standard', { limit: CLOTHING_LIMIT }),
            ],
            books: [taxedCategory('1990-01-01', 'standard'), treated('2024-08-01', 'exempt', { holiday: 'Book week' }), taxedCategory('2024-08-08', 'standard')],
            diapers: [treated('1990-01-01', 'exempt')],
          },
        },
      ],
    },
    {
      id: 904002,
      name: 'Eastvale',
      region: 'EA',
      level: 'state',
      taxes: [
        {
          tax: 'sales_tax',
          name: 'Sales tax',
          role: 'main',
          rates: { standard: [rate('2000-01-01', '5')] },
          delivery: delivery('2000-01-01', 'exempt_if_separately_stated', 'The charge is stated apart on the invoice and the goods are sent by a carrier.'),
          taxability: {
            food: [{ from: '2000-01-01', treatment: 'split', codes: ['prepared_food', 'candy'], source: CATEGORY_SOURCE, checked: CHECKED, note: 'Prepared food is taxed, candy is not.' }],
            prepared_food: [taxedCategory('2000-01-01', 'standard')],
            candy: [treated('2000-01-01', 'exempt')],
            admission: [treated('2000-01-01', 'not_taxable', { note: 'Admissions are outside the sales tax.' })],
            clothing: [
              taxedCategory('2000-01-01', 'standard', { limit: EASTVALE_CLOTHING }),
              taxedCategory('2024-08-10', 'standard', { holiday: 'Eastvale holiday', limit: { amount: '1000', currency: 'XTS', kind: 'all_or_nothing', at_limit: 'below', above: { treatment: 'taxable', class: 'standard', price_limit: EASTVALE_CLOTHING }, note: 'During the holiday, clothing priced at most XTS 1000 an article is exempt; above it, the part above XTS 175 is taxed.' } }),
              taxedCategory('2024-08-12', 'standard', { limit: EASTVALE_CLOTHING }),
            ],
          },
        },
      ],
    },
    { id: 904003, name: 'Southmark', region: 'SO', level: 'state', taxes: [], notes: ['Southmark has no sales tax of any kind.'] },
  ],
};

const estmark: CountryRules = {
  $schema: '../schema/country.schema.json',
  country: 'XE',
  name: 'Estmark',
  currency: 'XTS',
  regimes: [{ regime: 'XE', from: '2000-01-01', source: RULE_SOURCE, checked: CHECKED }],
  postal_code: { pattern: '^\\d{4}$' },
  jurisdictions: [
    {
      id: 905,
      name: 'Estmark',
      region: '',
      level: 'country',
      taxes: [
        { tax: 'ct', name: 'CT', local_name: 'Consumption tax', role: 'main', rates: { standard: [rate('2000-01-01', '8')] }, taxability: { other_categories: [taxedCategory('2000-01-01', 'standard')] } },
        { tax: 'lct', name: 'LCT', local_name: 'Local consumption tax', role: 'additional', rates: { standard: [rate('2000-01-01', '2')] } },
      ],
    },
  ],
};

const avaloniaTerritories: TerritoryRules = {
  $schema: '../schema/territories.schema.json',
  country: 'XA',
  territories: [
    {
      id: 'XA-FREE',
      name: 'Free Port of Avalonia',
      match: { postal_codes: ['^99\\d{3}$'] },
      treatment: [
        { from: '2000-01-01', kind: 'none', source: TERRITORY_SOURCE, checked: CHECKED },
        { from: '2012-01-01', kind: 'excluded', source: TERRITORY_SOURCE, checked: CHECKED, note: 'The Free Port is outside the XU VAT area.' },
      ],
    },
    {
      id: 'XA-SUN',
      name: 'Sunward Islands',
      match: { postal_codes: ['^8\\d{4}$'] },
      treatment: [{ from: '2000-01-01', kind: 'taxed_as', country: 'XA', region: 'SI', source: TERRITORY_SOURCE, checked: CHECKED, note: 'The Sunward Islands are Avalonian VAT territory with their own standard rate.' }],
      rates: { standard: [rate('2010-01-01', '12')] },
    },
    {
      id: 'XA-BEX',
      name: 'Bexclave',
      match: { postal_codes: ['^77777$'] },
      treatment: [{ from: '2000-01-01', kind: 'taxed_as', country: 'XB', source: TERRITORY_SOURCE, checked: CHECKED }],
    },
  ],
};

const estmarkTerritories: TerritoryRules = {
  $schema: '../schema/territories.schema.json',
  country: 'XE',
  territories: [
    {
      id: 'XE-OUT',
      name: 'Outer Isles',
      match: { postal_codes: ['^9\\d{3}$'] },
      treatment: [{ from: '2000-01-01', kind: 'taxed_as', country: 'XE', source: TERRITORY_SOURCE, checked: CHECKED, note: 'The Outer Isles have their own consumption tax rate.' }],
      rates: { standard: [rate('2000-01-01', '4')] },
    },
  ],
};

/** A local file's sources are keys of its `sources`. */
const LOCAL_SOURCE = 'test-local';

/** Norland's local taxes: every local level, a per-article limit shared out, origin sourcing. */
const norlandLocal: UsLocalRules = {
  country: 'XD',
  state: 'NO',
  sourcing: 'origin',
  sourcing_note: 'Norland sources the local taxes of an in-state seller to its place of business.',
  complete: true,
  coverage: 'Test data: every local tax of Norland.',
  single_article_cap: {
    amount: '1000',
    currency: 'XTS',
    apportion: true,
    supplies: ['goods'],
    source: LOCAL_SOURCE,
    checked: CHECKED,
    note: 'Norland local taxes apply only to the first XTS 1000 of the price of an article of goods.',
  },
  share_basis: 'addresses',
  taxability: { food: [treated('1990-01-01', 'exempt', { note: 'Local taxes do not apply to food (Test Local Tax Act § 3).' })] },
  sources: { [LOCAL_SOURCE]: 'Test data: fictional local rates for the local stage and the sale tests' },
  jurisdictions: [
    { code: 'c001', id: 90401001, name: 'Redwood County', level: 'county', rates: [{ from: '2000-01-01', rate: '1', source: LOCAL_SOURCE, checked: CHECKED }] },
    {
      code: 'c002',
      id: 90401002,
      name: 'Pine County',
      level: 'county',
      rates: [{ from: '2000-01-01', rate: '0.5', source: LOCAL_SOURCE, checked: CHECKED }],
      taxability: { food: [taxedCategory('1990-01-01', 'standard', { note: 'Pine County taxes food.' })], diapers: [taxedCategory('1990-01-01', 'standard')] },
    },
    {
      code: 'p00100',
      id: 9040100100,
      name: 'Lakeside',
      level: 'city',
      rates: [{ from: '2000-01-01', rate: '1.5', source: LOCAL_SOURCE, checked: CHECKED }],
      taxability: { clothing: [taxedCategory('1990-01-01', 'standard', { note: 'Lakeside taxes clothing of any price (Test city ordinance 4).' })] },
    },
    { code: 'd1', id: 90401000001, name: 'Lakeside Transit District', level: 'district', rates: [{ from: '2000-01-01', rate: '0.5', source: LOCAL_SOURCE, checked: CHECKED }] },
  ],
  zips: [
    ['10001', 'c001 p00100 d1', 100],
    ['10002', 'c001', 60],
    ['10002', 'c002', 40],
    ['10003', 'c002', 100],
  ],
};

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export const miniRuleData: RuleData = deepFreeze({
  world: {
    $schema: './schema/world.schema.json',
    source: 'Test data: ISO 3166-1 user-assigned codes for fictional countries',
    checked: CHECKED,
    countries: [
      { code: 'XA', numeric: 901, name: 'Avalonia', currency: 'EUR' },
      { code: 'XB', numeric: 902, name: 'Borduria', currency: 'EUR' },
      { code: 'XC', numeric: 903, name: 'Caldera', currency: 'XTS' },
      { code: 'XD', numeric: 904, name: 'Delmar', currency: 'XTS' },
      { code: 'XE', numeric: 905, name: 'Estmark', currency: 'XTS' },
      { code: 'XZ', numeric: 999, name: 'Nowhere', currency: 'XTS' },
    ],
  },
  currencies: {
    $schema: './schema/currencies.schema.json',
    source: 'Test data: EUR and the ISO 4217 testing code XTS',
    checked: CHECKED,
    currencies: [
      { code: 'EUR', minor_units: 2, name: 'Euro' },
      { code: 'XTS', minor_units: 2, name: 'Code reserved for testing' },
    ],
  },
  taxCodes: {
    $schema: './schema/tax-codes.schema.json',
    tax_codes: [
      { id: 'consulting', name: 'Consulting', description: 'Professional services supplied by people', supply: 'services', kind: 'spec' },
      { id: 'ebook', name: 'E-book', description: 'Electronic book, supplied electronically', supply: 'digital', kind: 'spec' },
      { id: 'eservice', name: 'E-service', description: 'Automated services delivered over the internet', supply: 'digital', kind: 'spec' },
      { id: 'exempt', name: 'Exempt', description: 'Exempt from tax in every jurisdiction', supply: 'by_product_type', kind: 'spec' },
      { id: 'reduced', name: 'Reduced', description: "Goods or services at the jurisdiction's reduced rate", supply: 'by_product_type', kind: 'spec' },
      { id: 'saas', name: 'SaaS', description: 'Software as a service', supply: 'digital', kind: 'spec' },
      { id: 'standard', name: 'Standard', description: 'Generally taxable goods or services', supply: 'by_product_type', kind: 'spec' },
      { id: 'food', name: 'Food', description: 'Food for home consumption', supply: 'goods', kind: 'category' },
      { id: 'prepared_food', name: 'Prepared food', description: 'Food prepared for eating (a finer code of food in this test set)', supply: 'goods', kind: 'category', parent: 'food', jurisdictions: ['XD-EA'], law: 'Test Sales Tax Act § 12' },
      { id: 'candy', name: 'Candy', description: 'Sweets (a finer code of food in this test set)', supply: 'goods', kind: 'category', parent: 'food', jurisdictions: ['XD-EA'], law: 'Test Sales Tax Act § 12' },
      { id: 'clothing', name: 'Clothing', description: 'Clothing and footwear', supply: 'goods', kind: 'category' },
      { id: 'children_clothing', name: "Children's clothing", description: 'Clothing for children', supply: 'goods', kind: 'category', parent: 'clothing' },
      { id: 'books', name: 'Books', description: 'Printed books', supply: 'goods', kind: 'category' },
      { id: 'newspapers', name: 'Newspapers', description: 'Newspapers and periodicals', supply: 'goods', kind: 'category' },
      { id: 'medical_devices', name: 'Medical devices', description: 'Medical devices', supply: 'goods', kind: 'category' },
      { id: 'diapers', name: 'Diapers', description: 'Diapers', supply: 'goods', kind: 'category' },
      { id: 'admission', name: 'Admission', description: 'Admission to events', supply: 'services', kind: 'category' },
    ],
  },
  regimes: [union, calderaRegime, delmarRegime, estmarkRegime],
  countries: [avalonia, borduria, caldera, delmar, estmark],
  territories: [avaloniaTerritories, estmarkTerritories],
  usLocal: [norlandLocal],
} satisfies RuleData);

export const miniRules = createRuleSet(miniRuleData);
