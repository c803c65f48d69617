/** The OpenAPI document describes exactly the routes the handler serves, and the handler's real answers fit its schemas. */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../scripts/openapi.js';
import { createHandler, ROUTES } from '../../src/http.js';
import type { Account } from '../../src/index.js';
import { TAX_CODES } from '../../src/adapters/schemas.js';

const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, any>>; components: { schemas: Record<string, object> } };
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(schema, `#/components/schemas/${name}`);

function check(name: string, value: unknown): void {
  const validate = ajv.getSchema(`#/components/schemas/${name}`)!;
  const ok = validate(value);
  expect(ok, `${name}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
}

const seller: Account = { country: 'US', postal_code: '78701', region: 'TX', currency: 'USD', registrations: [{ jurisdiction_id: 840048 }, { jurisdiction_id: 372 }] };
const handler = createHandler({ account: seller, today: '2026-06-01', now: 1780315200 });
const call = async (path: string, init?: RequestInit) => {
  const r = await handler(new Request(`http://x${path}`, init));
  return { status: r.status, body: (await r.json()) as unknown };
};
const V2 = { accept: 'application/json; api_version=20260309', 'content-type': 'application/json' };

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with one operation per route the handler serves, and no other', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has every component schema compile, and every $ref resolve', () => {
    const text = JSON.stringify(doc);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(doc.components.schemas, name).toHaveProperty(name!);
    for (const name of Object.keys(doc.components.schemas)) expect(ajv.getSchema(`#/components/schemas/${name}`), name).toBeTypeOf('function');
  });

  it('is the file the package exports as taxrules/openapi.json', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, unknown> };
    expect(pkg.exports['./openapi.json']).toBe('./dist/openapi.json');
    expect(readFileSync('scripts/gen-api-schemas.ts', 'utf8')).toMatch(/writeFileSync\('dist\/openapi\.json', `\$\{JSON\.stringify\(openApiDocument\(\)/);
  });

  it('describes the handler’s real answers', async () => {
    for (const q of ['to_country=DE&tax_code=ebook&amount=100', 'to_country=US&to_postal_code=78701&amount=10', 'to_country=US&to_postal_code=10001', 'to_country=FR&tax_id=FR40303265046&tax_code=saas']) {
      const r = await call(`/tax_rates/calculate?${q}`);
      expect(r.status).toBe(200);
      check('TaxRate', r.body);
    }
    for (const j of (await call('/jurisdictions?country=US&region=TX')).body as unknown[]) check('Jurisdiction', j);
    check('Jurisdiction', (await call('/jurisdictions/276')).body);
    for (const c of (await call('/tax_codes')).body as unknown[]) check('TaxCode', c);
    check('TaxIdValidation', (await call('/tax_ids/validate?country=DE&tax_id=DE136695976')).body);
    for (const bad of ['/tax_rates/calculate', '/jurisdictions/x', '/nothing', '/tax_codes/groceries']) check('Error', (await call(bad)).body);
    const request = { customer_address: { country: 'US', postal_code: '78701' }, tax_date: 1780315200, line_items: [{ reference: 'a', amount: '10.00' }] };
    check('CalculationRequest', request);
    const calc = await call('/calculations', { method: 'POST', headers: V2, body: JSON.stringify(request) });
    expect(calc.status).toBe(200);
    check('CalculationResponse', calc.body);
  });

  it('gives the closed lists whole: every tax code, behaviour, product type and tax status a quote takes, every reason an answer carries', async () => {
    const parameters = doc.paths['/tax_rates/calculate']!.get.parameters as { name: string; schema: { enum?: string[] } }[];
    const closed = Object.fromEntries(parameters.filter((p) => p.schema.enum).map((p) => [p.name, p.schema.enum]));
    expect(closed).toEqual({ tax_code: [...TAX_CODES], tax_behavior: ['exclusive', 'inclusive'], product_type: ['good', 'service'], tax_status: ['taxable', 'exempt', 'reverse'] });
    // A value outside a list is refused by the quote (406), as the document says.
    expect((await call('/tax_rates/calculate?to_country=DE&tax_code=Food')).status).toBe(406);
    // The reasons: the rule files' closed list (rules/schema/common.schema.json), in each answer that carries one.
    const ruleReasons = (JSON.parse(readFileSync('rules/schema/common.schema.json', 'utf8')) as { definitions: { taxReason: { enum: string[] } } }).definitions.taxReason.enum;
    const lineTax = (doc.components.schemas.CalculationResponse as any).properties.line_items.items.properties.taxes.items.properties.reason;
    const breakdown = (doc.components.schemas.CalculationResponse as any).properties.tax_breakdown.items.properties.reason;
    expect(lineTax.enum).toEqual(ruleReasons);
    expect(breakdown.enum).toEqual(ruleReasons);
    expect(ruleReasons).toEqual(expect.arrayContaining(['zero_rated', 'product_exempt', 'product_reduced_rate', 'below_price_limit', 'above_price_limit_part', 'tax_holiday']));
  });

  it('its request schemas refuse what the handler refuses', async () => {
    const request = { customer_address: { country: 'DE' }, line_items: [{ reference: 'a', amount: '10.00' }], colour: 'red' };
    expect(ajv.getSchema('#/components/schemas/CalculationRequest')!(request)).toBe(false);
    expect((await call('/calculations', { method: 'POST', headers: V2, body: JSON.stringify(request) })).status).toBe(400);
  });
});
