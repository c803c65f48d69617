/** The README's example of billing documents shows what the functions answer. */
import { docsText } from './support/docs.js';
import { describe, expect, it } from 'vitest';
import { buildDocument, taxSummaryReport } from '../src/index.js';

const readme = docsText();
const section = readme.slice(readme.indexOf('### Invoices, credit notes and the report (v20241028)'));
const example = section.slice(section.indexOf('```ts') + 5, section.indexOf('```', section.indexOf('```ts') + 5));

describe('the README’s billing documents example', () => {
  const seller = { country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 372 }, { jurisdiction_id: 9000 }] };
  const invoice = buildDocument(
    {
      date: '2026-06-01',
      customer: { first_name: 'Lea', last_name: 'Braun', country: 'DE', email: 'lea@example.de' },
      items: [
        { description: 'Team plan', product_code: 'team', amount: 120, discount_rate: 10, tax: { country: 'DE', tax_code: 'saas' } },
        { description: 'Field guide', product_code: 'guide', quantity: 2, amount: '9.99', tax: { country: 'DE', tax_code: 'ebook' } },
      ],
      payment: { method: 'credit_card', processor: 'stripe', processor_id: 'ch_1' },
      processor: 'stripe',
      processor_id: 'ch_1',
    },
    seller,
    { id: 1, number: 'INV-2026-1', createdAt: 1780315200 },
  );
  const credit = buildDocument(
    { type: 'refund', processor: 'stripe', processor_id: 'ch_1', date: '2026-06-10', items: [{ product_code: 'team', amount: 54, tax: { country: 'DE' } }], payment: { method: 'credit_card' } },
    seller,
    { id: 2, number: 'CN-2026-1', createdAt: 1781092800, invoice },
  );

  it('is the code the test runs', () => {
    const code = (s: string) => s.replace(/\/\/.*$/gm, '').replace(/\s+/g, '');
    for (const call of ["{ id: 1, number: 'INV-2026-1', createdAt: 1780315200 }", "{ id: 2, number: 'CN-2026-1', createdAt: 1781092800, invoice }", "items: [{ product_code: 'team', amount: 54, tax: { country: 'DE' } }]"]) {
      expect(code(example)).toContain(code(call));
    }
  });

  it('shows the invoice’s, the credit note’s and the report’s real values', () => {
    const [plan, guide] = invoice.items;
    expect([plan?.subtotal_cents, plan?.discount_cents, plan?.tax_1_rate, plan?.tax_1_amount_cents, plan?.total_amount]).toEqual([12000, 1200, 19, 2052, 128.52]);
    expect([guide?.subtotal_cents, guide?.tax_1_rate, guide?.tax_1_amount_cents]).toEqual([1998, 7, 140]);
    expect(invoice.taxes.map((t) => [t.label, t.transaction_type, t.taxable_base_cents, t.amount_cents])).toEqual([
      ['VAT 19%', 'saas', 10800, 2052],
      ['VAT 7%', 'ebook', 1998, 140],
    ]);
    expect([invoice.subtotal_cents, invoice.discount_cents, invoice.total_cents, invoice.state, invoice.tax_notes]).toEqual([13998, 1200, 14990, 'paid', ['Collected through the EU One-Stop Shop (OSS).']]);
    expect(example).toContain('total_cents 14990');
    expect([credit.type, credit.related_document, credit.payment_processor_id, credit.total_cents]).toEqual(['Credit', { id: 1, type: 'Invoice' }, 'ch_11781092800', 6426]);
    expect(credit.items.map((i) => [i.invoice_item, i.subtotal_cents, i.tax_1_amount_cents])).toEqual([[0, 5400, 1026]]);
    expect(example).toContain("payment_processor_id 'ch_11781092800'");
    const csv = taxSummaryReport([invoice, credit], { from_date: '2026-06-01', to_date: '2026-06-30' });
    expect(example).toContain(csv.trimEnd().split('\r\n').map((line) => `// ${line}`).join('\n'));
  });
});
