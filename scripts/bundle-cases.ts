/**
 * The programs whose browser bundle is measured, one per export (scripts/bundle-sizes.ts, the
 * bench), with the ceilings test/bundle-size.test.ts holds.
 */
const account = "{ country: 'IE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] }";
const quote = "{ to_country: 'DE', tax_code: 'ebook', date: '2026-06-01', amount: '100' }";

/**
 * One user program per export measured: what a browser bundle starts from. Each exports its
 * `answer`, so that the bundle can be run and its answer checked. The ceilings are the
 * test's (gzipped bytes).
 */
export const bundleCases: { name: string; ceilingGz: number; source: string }[] = [
  { name: "import { TaxRulesError } from 'taxrules'", ceilingGz: 5 * 1024, source: "import { TaxRulesError } from 'taxrules';\nexport const answer = new TaxRulesError('not_found', 404, []);\n" },
  { name: "import { validateTaxId } from 'taxrules'", ceilingGz: 40 * 1024, source: "import { validateTaxId } from 'taxrules';\nexport const answer = validateTaxId('DE', 'DE136695976');\n" },
  { name: "a quote through 'taxrules/eu'", ceilingGz: 145 * 1024, source: `import { calculateTaxRate } from 'taxrules/eu';\nexport const answer = calculateTaxRate(${quote}, ${account});\n` },
  { name: "a quote through 'taxrules'", ceilingGz: 900 * 1024, source: `import { calculateTaxRate } from 'taxrules';\nexport const answer = calculateTaxRate(${quote}, ${account});\n` },
  { name: "import { listTaxCodes } from 'taxrules/eu'", ceilingGz: 130 * 1024, source: "import { listTaxCodes } from 'taxrules/eu';\nexport const answer = listTaxCodes().find((c) => c.id === 'ebook');\n" },
];
