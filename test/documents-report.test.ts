/**
 * The tax_summary report: one row per country, tax, rate and currency, credit notes
 * subtracting, voided ones left out, the period's dates included, RFC 4180 quoting.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDocument, taxSummaryReport, voidDocument, buildCreditNote, TaxRulesError, type BillingDocument, type Account, type DocumentOptions, type CreditNoteOptions } from '../src/index.js';
import { csvField, MAX_REPORT_DOCUMENTS } from '../src/documents/v20241028/report.js';
import { documentIssues, DOCUMENT_LEVELS, plainDocumentSummary } from '../src/documents/v20241028/shape.js';
import { ownCopy, unreadable } from '../src/adapters/read.js';
import { errorFromIssues, type TaxRulesIssue } from '../src/core/errors.js';
import { formatMinor, formatUnits, RATE_SCALE } from '../src/core/money.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { refused } from './helpers.js';

/** Requests and options as a server hands them over (parsed JSON: checked at run time), invalid ones included. */
const build = (request: unknown, account: Account, options: unknown): BillingDocument => buildDocument(request, account, options as DocumentOptions);
const creditNote = (request: unknown, options: unknown): BillingDocument => buildCreditNote(request, options as CreditNoteOptions);

const ie = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
const bc = { country: 'CA', postal_code: 'V6B 1A1', currency: 'CAD', default_product_type: 'good' as const, registrations: [{ jurisdiction_id: 124 }, { jurisdiction_id: 124059 }] };
const payment = {};
let next = 1;
const sale = (date: string, items: object[], extra: object = {}, account: object = ie) =>
  build({ date, customer: { id: 1 }, items, payment, processor: 'p', processor_id: `s${next}`, ...extra }, account as typeof ie, { id: next, number: `N${next}`, createdAt: 1_780_000_000 + next++ });
const item = (amount: number | string, tax: object) => ({ amount, tax });

const june1 = sale('2026-06-01', [item(100, { country: 'DE', tax_code: 'saas' }), item(50, { country: 'FR', tax_code: 'saas' })]);
const june30 = sale('2026-06-30', [{ ...item('10.00', { country: 'DE', tax_code: 'ebook' }), description: 'Book' }, item(20, { country: 'DE', tax_code: 'saas' })]);
const july1 = sale('2026-07-01', [item(1000, { country: 'DE', tax_code: 'saas' })]);
const canada = sale('2026-06-15', [item(100, { country: 'CA', tax_code: 'standard' })], { shipping_address: { country: 'CA', postal_code: 'V5K 0A1' } }, bc);
/** A full refund of the sale of June 1st. */
const refund = build({ type: 'refund', processor: 'p', processor_id: june1.payment_processor_id as string, payment, date: '2026-06-20' }, ie, { id: 90, number: 'CN-90', createdAt: 1_781_000_000, invoice: june1 });

describe('taxSummaryReport', () => {
  it('sums each tax of the period’s documents by country, name, rate and currency, credit notes subtracting', () => {
    const partial = build(
      { type: 'refund', processor: 'p', processor_id: june30.payment_processor_id as string, date: '2026-06-30', items: [{ description: 'Book', amount: 5, tax: { country: 'DE', tax_code: 'ebook' } }], payment },
      ie,
      { id: 91, number: 'CN-91', createdAt: 1_781_000_001, invoice: june30 },
    );
    const csv = taxSummaryReport([june1, june30, july1, canada, partial], { from_date: '2026-06-01', to_date: '2026-06-30' });
    expect(csv).toBe(
      [
        'country,tax_name,tax_rate,taxable_base,tax_amount,currency',
        'CA,GST,5,100.00,5.00,CAD',
        'CA,PST (BC),7,100.00,7.00,CAD',
        'DE,VAT,7,5.00,0.35,EUR', // 10.00 at 7 % = 0.70, less the refund of 5.00 (0.35)
        'DE,VAT,19,120.00,22.80,EUR',
        'FR,VAT,20,50.00,10.00,EUR',
        '',
      ].join('\r\n'),
    );
  });

  it('nets a fully refunded sale to zero, and leaves voided credit notes out', () => {
    const lines = (docs: object[]) => taxSummaryReport(docs as never, { from_date: '2026-06-01', to_date: '2026-06-30' }).split('\r\n');
    expect(lines([june1, refund])).toEqual(['country,tax_name,tax_rate,taxable_base,tax_amount,currency', 'DE,VAT,19,0.00,0.00,EUR', 'FR,VAT,20,0.00,0.00,EUR', '']);
    expect(lines([june1, voidDocument(refund, { void_reason: 'x' })])).toEqual(['country,tax_name,tax_rate,taxable_base,tax_amount,currency', 'DE,VAT,19,100.00,19.00,EUR', 'FR,VAT,20,50.00,10.00,EUR', '']);
    // A refund in the period of a sale before it: negative amounts.
    expect(taxSummaryReport([june1, refund], { from_date: '2026-06-02', to_date: '2026-06-30' }).split('\r\n')[1]).toBe('DE,VAT,19,-100.00,-19.00,EUR');
  });

  it('reads the period’s dates as calendar dates, both included', () => {
    const only = (from: string, to: string) => taxSummaryReport([june1, june30, july1], { from_date: from, to_date: to }).split('\r\n').length - 2;
    expect([only('2026-06-01', '2026-06-01'), only('2026-06-30', '2026-06-30'), only('2026-07-01', '2026-07-01'), only('2026-06-02', '2026-06-29')]).toEqual([2, 2, 1, 0]);
  });

  it('quotes fields as RFC 4180 says', () => {
    expect([csvField('VAT'), csvField('a,b'), csvField('say "hi"'), csvField('two\nlines')]).toEqual(['VAT', '"a,b"', '"say ""hi"""', '"two\nlines"']);
    const odd = sale('2026-06-05', [item(10, { country: 'DE', name: 'VAT, "reduced"', rate: 7 })]);
    expect(taxSummaryReport([odd], { from_date: '2026-06-01', to_date: '2026-06-30' }).split('\r\n')[1]).toBe('DE,"VAT, ""reduced""",7,10.00,0.70,EUR');
  });

  it('refuses parameters and documents it cannot read', () => {
    const fail = (f: () => unknown) => refused(f).issues.map((i) => [i.path.join('.'), i.code]);
    expect(fail(() => taxSummaryReport([], { from_date: '2026-06-31', to_date: '2026-07-01' }))).toEqual([['parameters.from_date', 'malformed']]);
    expect(fail(() => taxSummaryReport([], { from_date: '2026-07-01', to_date: '2026-06-01' }))).toEqual([['parameters.to_date', 'malformed']]);
    expect(fail(() => taxSummaryReport([], { from_date: '2026-07-01' } as never))).toEqual([['parameters.to_date', 'missing']]);
    expect(fail(() => taxSummaryReport([], { from_date: '2026-07-01', to_date: '2026-07-01', from: 'x' } as never))).toEqual([['parameters.from', 'unknown_field']]);
    expect(fail(() => taxSummaryReport([{ ...june1, taxes: [{ name: 'VAT' }] }] as never, { from_date: '2026-06-01', to_date: '2026-06-30' })).map((p) => p[0])).toEqual([
      'documents.0.taxes.0.rate',
      'documents.0.taxes.0.country',
      'documents.0.taxes.0.region',
      'documents.0.taxes.0.amount_cents',
      'documents.0.taxes.0.taxable_base_cents',
    ]);
    expect(fail(() => taxSummaryReport('x' as never, { from_date: '2026-06-01', to_date: '2026-06-30' }))).toEqual([['documents', 'malformed']]);
  });
});

/**
 * The report as it read documents before they were read field by field: a deep copy of the
 * own fields of the whole list (ownCopy), documentIssues on each copy, then the sums.
 */
function copiedReport(documents: unknown, from: string, to: string): string {
  try {
    const issues: TaxRulesIssue[] = [];
    const own = ownCopy(documents, DOCUMENT_LEVELS + 1, MAX_REPORT_DOCUMENTS) as unknown[];
    own.forEach((d, i) => issues.push(...documentIssues(d, ['documents', i])));
    if (issues.length > 0) throw errorFromIssues(issues);
    const rows = new Map<string, { country: string; name: string; rateUnits: number; currency: string; base: bigint; amount: bigint }>();
    (own as BillingDocument[]).forEach((doc, i) => {
      if (doc.state === 'voided' || doc.issue_date < from || doc.issue_date > to) return;
      if (!defaultRuleSet.currencies.has(doc.currency)) {
        issues.push({ path: ['documents', i, 'currency'], code: 'invalid_value', message: `documents.${i}.currency ${doc.currency} is not an ISO 4217 currency code` });
        return;
      }
      const sign = doc.type === 'Credit' ? -1n : 1n;
      for (const tax of doc.taxes) {
        const name = tax.region ? `${tax.name} (${tax.region})` : tax.name;
        const rateUnits = Math.round(tax.rate * RATE_SCALE);
        const key = JSON.stringify([tax.country, name, rateUnits, doc.currency]);
        let row = rows.get(key);
        if (row === undefined) rows.set(key, (row = { country: tax.country, name, rateUnits, currency: doc.currency, base: 0n, amount: 0n }));
        row.base += sign * BigInt(tax.taxable_base_cents);
        row.amount += sign * BigInt(tax.amount_cents);
      }
    });
    if (issues.length > 0) throw errorFromIssues(issues);
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const sorted = [...rows.values()].sort((a, b) => cmp(a.country, b.country) || cmp(a.name, b.name) || a.rateUnits - b.rateUnits || cmp(a.currency, b.currency));
    const lines = ['country,tax_name,tax_rate,taxable_base,tax_amount,currency'];
    for (const r of sorted) {
      const minorUnits = defaultRuleSet.currencies.get(r.currency) as number;
      lines.push([r.country, r.name, formatUnits(r.rateUnits), formatMinor(r.base, minorUnits), formatMinor(r.amount, minorUnits), r.currency].map(csvField).join(','));
    }
    return `${lines.join('\r\n')}\r\n`;
  } catch (e) {
    throw unreadable(e, []);
  }
}

/** What a call answers, or the error it throws (its status, code, message and issues). */
function outcome(f: () => string): unknown {
  try {
    return { csv: f() };
  } catch (e) {
    if (!(e instanceof TaxRulesError)) throw e;
    return { status: e.status, code: e.code, message: e.message, issues: e.issues };
  }
}

const boom = (): never => {
  throw new Error('boom');
};

describe('taxSummaryReport reads each document once, field by field', () => {
  const period = { from_date: '2026-06-01', to_date: '2026-06-30' };
  const partial = build(
    { type: 'refund', processor: 'p', processor_id: june30.payment_processor_id as string, date: '2026-06-30', items: [{ description: 'Book', amount: 5, tax: { country: 'DE', tax_code: 'ebook' } }], payment },
    ie,
    { id: 92, number: 'CN-92', createdAt: 1_781_000_002, invoice: june30 },
  );
  const pool: BillingDocument[] = [june1, june30, july1, canada, refund, partial, voidDocument(refund, { void_reason: 'x' })];
  const same = (documents: unknown): void => {
    expect(outcome(() => taxSummaryReport(documents as never, period))).toEqual(outcome(() => copiedReport(documents, period.from_date, period.to_date)));
  };

  // Values a field is given: each of the checks' cases, and objects read to ownCopy's depth (a getter that throws there is read, one deeper is not).
  const values: (() => unknown)[] = [
    () => undefined,
    () => null,
    () => 0,
    () => -1,
    () => 1,
    () => 7.5,
    () => 2 ** 53,
    () => 10 ** 15,
    () => 10 ** 15 - 1,
    () => Number.NaN,
    () => Number.POSITIVE_INFINITY,
    () => '',
    () => 'x',
    () => 'EUR',
    () => 'eur',
    () => 'XXX',
    () => 'Invoice',
    () => 'Credit',
    () => 'paid',
    () => 'voided',
    () => '2026-06-15',
    () => '2026-02-30',
    () => 'DE',
    () => ({}),
    () => [],
    () => [{}],
    () => ({ id: 1, type: 'Invoice' }),
    () => ({ a: { get b(): unknown {
      return boom();
    } } }),
    () => ({ a: { b: { c: { get d(): unknown {
      return boom();
    } } } } }),
    () => [{ get a(): unknown {
      return boom();
    } }],
  ];
  const keys = {
    document: ['id', 'type', 'currency', 'issue_date', 'state', 'subtotal_cents', 'discount_cents', 'total_cents', 'payment_processor', 'payment_processor_id', 'exchange_rate', 'related_document', 'items', 'taxes', 'notes', 'contact', 'payments', 'extra'],
    item: ['subtotal_cents', 'discount_cents', 'tax_1_amount_cents', 'tax_1_taxable_base_cents', 'tax_1_rate', 'tax_1_taxable_part', 'tax_1_country', 'tax_1_transaction_type', 'tax_2_amount_cents', 'tax_2_taxable_base_cents', 'tax_2_rate', 'tax_2_taxable_part', 'invoice_item', 'description', 'extra'],
    tax: ['name', 'rate', 'country', 'region', 'amount_cents', 'taxable_base_cents', 'label', 'extra'],
    related: ['id', 'type', 'extra'],
  } as const;
  type Target = keyof typeof keys;
  const ops = ['set', 'delete', 'inherit', 'getter', 'throwing getter', 'hidden', 'hole', 'proxy', 'throwing proxy'] as const;
  const mutation = fc.record({ target: fc.constantFrom<Target>('document', 'item', 'tax', 'related'), key: fc.nat(), op: fc.constantFrom(...ops), value: fc.nat(values.length - 1), at: fc.nat(3) });
  type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

  /**
   * A document changed as the mutations say (made inside the property: fast-check would trip
   * on printing a Proxy). Proxies are put in place last, the document's after its parts'.
   */
  function mutated(doc: BillingDocument, changes: readonly Mutation[]): unknown {
    const top: Record<string, unknown> = structuredClone(doc) as unknown as Record<string, unknown>;
    // A field made a getter that throws has no parts left to change.
    const field = (key: string): unknown => {
      try {
        return top[key];
      } catch {
        return null;
      }
    };
    const listOf = (m: Mutation): unknown[] | null => {
      const list = m.target === 'item' ? field('items') : m.target === 'tax' ? field('taxes') : null;
      return Array.isArray(list) && list.length > 0 ? list : null;
    };
    const holderOf = (m: Mutation): Record<string, unknown> | null => {
      const list = listOf(m);
      const holder = m.target === 'document' ? top : m.target === 'related' ? field('related_document') : list === null ? null : list[m.at % list.length];
      return typeof holder === 'object' && holder !== null ? (holder as Record<string, unknown>) : null;
    };
    const proxied = (m: Mutation, target: object): object =>
      m.op === 'proxy' ? new Proxy(target, {}) : new Proxy(target, [{ get: boom }, { ownKeys: boom }, { getOwnPropertyDescriptor: boom }, { getPrototypeOf: boom }][m.at] as ProxyHandler<object>);
    for (const m of changes) {
      const list = listOf(m);
      if (m.op === 'hole') {
        if (list !== null) delete list[m.at % list.length];
        continue;
      }
      const holder = holderOf(m);
      if (holder === null || m.op === 'proxy' || m.op === 'throwing proxy') continue;
      const names = keys[m.target];
      const key = names[m.key % names.length] as string;
      const value = (values[m.value] as () => unknown)();
      switch (m.op) {
        case 'set':
          Object.defineProperty(holder, key, { value, writable: true, enumerable: true, configurable: true });
          break;
        case 'delete':
          delete holder[key];
          break;
        case 'inherit':
          Object.setPrototypeOf(holder, { [key]: value });
          delete holder[key];
          break;
        case 'getter':
          Object.defineProperty(holder, key, { get: () => value, enumerable: true, configurable: true });
          break;
        case 'throwing getter':
          Object.defineProperty(holder, key, { get: boom, enumerable: true, configurable: true });
          break;
        case 'hidden':
          Object.defineProperty(holder, key, { value, enumerable: false, configurable: true });
          break;
        default:
          break;
      }
    }
    let result: object = top;
    for (const m of changes) {
      if (m.op !== 'proxy' && m.op !== 'throwing proxy') continue;
      if (m.target === 'document') continue;
      const holder = holderOf(m);
      if (holder === null) continue;
      const list = listOf(m);
      if (m.target === 'related') Object.defineProperty(top, 'related_document', { value: proxied(m, holder), enumerable: true, configurable: true });
      else if (list !== null) list[m.at % list.length] = proxied(m, holder);
    }
    for (const m of changes) if (m.target === 'document' && (m.op === 'proxy' || m.op === 'throwing proxy')) result = proxied(m, result);
    return result;
  }

  it('answers as the deep copy did: the same report, or the same error, for any change to any field', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(pool.length - 1), fc.array(mutation, { maxLength: 3 })), { minLength: 1, maxLength: 4 }), (docs) => {
        same(docs.map(([k, changes]) => mutated(pool[k] as BillingDocument, changes)));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a document as documentIssues reads its copy: a summary only for a document it accepts, with the copy’s fields', () => {
    fc.assert(
      fc.property(fc.nat(pool.length - 1), fc.array(mutation, { maxLength: 3 }), (k, changes) => {
        const doc = mutated(pool[k] as BillingDocument, changes);
        let summary: ReturnType<typeof plainDocumentSummary>;
        try {
          summary = plainDocumentSummary(doc, MAX_REPORT_DOCUMENTS);
        } catch {
          // A getter or a trap that throws: the report reads the document again by its copy (see the property above).
          return;
        }
        if (summary === null) return;
        const copy = ownCopy(doc, DOCUMENT_LEVELS, MAX_REPORT_DOCUMENTS) as BillingDocument;
        expect(documentIssues(copy, ['d'])).toEqual([]);
        const { type, state, issue_date, currency } = copy;
        const taxes = copy.taxes.map(({ name, rate, country, region, amount_cents, taxable_base_cents }) => ({ name, rate, country, region, amount_cents, taxable_base_cents }));
        expect(summary).toEqual({ type, state, issue_date, currency, taxes });
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts the documents taxrules makes without the full check, and refuses what it does not know', () => {
    for (const doc of pool) expect(plainDocumentSummary(doc, MAX_REPORT_DOCUMENTS)).not.toBeNull();
    expect(plainDocumentSummary({ ...june1, items: Object.assign([], { length: 201 }) }, MAX_REPORT_DOCUMENTS)).toBeNull();
    expect(plainDocumentSummary(Object.create(june1), MAX_REPORT_DOCUMENTS)).toBeNull();
    expect(plainDocumentSummary([june1], MAX_REPORT_DOCUMENTS)).toBeNull();
  });

  it('still reads every field a copy read: a getter that throws anywhere there is the same 400', () => {
    const contact = { ...june1, contact: { name: 'A', get email(): string {
      return boom();
    } } };
    const e = refused(() => taxSummaryReport([june1, contact] as never, period));
    expect([e.status, e.issues]).toEqual([400, [{ path: [], code: 'malformed', message: 'the input could not be read: Error: boom' }]]);
    same([june1, contact]);
    // Read once: a getter runs once per report.
    let reads = 0;
    const counted = Object.defineProperty({ ...june1 }, 'currency', { get: () => (reads++, 'EUR'), enumerable: true });
    taxSummaryReport([counted] as never, period);
    expect(reads).toBe(1);
  });

  it('never reads an inherited field, even from a polluted Object.prototype', () => {
    const { taxes: _, ...noTaxes } = june1;
    const fields: [string, unknown][] = [['taxes', june1.taxes], ['exchange_rate', -1], ['related_document', { id: 1, type: 'Invoice' }], ['region', 'XX'], ['tax_2_rate', 'x'], ['invoice_item', 0]];
    for (const [key, value] of fields) {
      (Object.prototype as Record<string, unknown>)[key] = value;
      try {
        same([june1, noTaxes, refund, partial]);
      } finally {
        delete (Object.prototype as Record<string, unknown>)[key];
      }
    }
    expect(refused(() => taxSummaryReport([noTaxes] as never, period)).issues.map((i) => i.path.join('.'))).toEqual(['documents.0.taxes']);
  });

  it('reads a hole in the list, or a list of a hostile length, as the copy did', () => {
    same([june1, , june30]);
    same(Object.assign([june1], { length: 3 }));
    // A list is refused by its length before anything is read.
    const e = refused(() => taxSummaryReport(Object.assign([], { length: MAX_REPORT_DOCUMENTS + 1 }) as never, period));
    expect(e.issues.map((i) => i.path.join('.'))).toEqual(['documents']);
  });

  it('adds amounts of any size exactly', () => {
    const big = (id: number, cents: number): BillingDocument => ({ ...june1, id, taxes: [{ ...(june1.taxes[0] as BillingDocument['taxes'][number]), taxable_base_cents: cents, amount_cents: cents }] });
    const docs = Array.from({ length: 30 }, (_, i) => big(i + 1, 999_999_999_999_999 - i));
    same(docs);
    expect(taxSummaryReport(docs, period).split('\r\n')[1]).toBe('DE,VAT,19,299999999999995.35,299999999999995.35,EUR');
  });
});
