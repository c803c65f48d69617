/**
 * The OpenAPI 3.1 document of what `taxrules/http` serves, built from the zod schemas the
 * library validates with (request bodies, the v20260309 answers), from those of the billing
 * documents (billing-document.ts, which the public types are generated from too) and from the
 * schemas below for the other v20241028 answers, which the tests check the handler's real
 * answers against.
 */
import { z } from 'zod';
import { requestSchemas, responseSchemas, TAX_CODES, PRODUCT_TYPES, BEHAVIORS, CUSTOMER_TAX_STATUSES } from '../src/adapters/schemas.js';
import { documentSchemas } from '../src/documents/v20241028/request.js';
import { billingDocumentSchemas } from './billing-document.js';
import { transactionAnswerSchemas } from './transaction-answer.js';
import { MAX_METADATA_KEY_LENGTH, MAX_METADATA_KEYS, MAX_METADATA_VALUE_LENGTH, MAX_TAG_LENGTH } from '../src/documents/limits.js';
import { transactionSchemas } from '../src/documents/v20260309/schemas.js';
import { TAX_RATE_PARAMETERS, type TaxRateParameterKind } from '../src/adapters/v20241028.js';
import { API_VERSIONS } from '../src/adapters/version.js';
import { ROUTES } from '../src/http/handler.js';
import { version } from '../package.json';

const STATUSES = ['taxable', 'non_taxable', 'not_registered', 'reverse_charge'] as const;

/** `GET /tax_rates/calculate`'s answer: the spec's result fields, all of them, null where there is nothing to say. */
const taxRate = z.strictObject({
  name: z.string().nullable(),
  rate: z.number(),
  taxable_part: z.number(),
  country: z.string(),
  region: z.string().nullable(),
  county: z.string().nullable(),
  city: z.string().nullable(),
  tax_code: z.enum(TAX_CODES),
  tax_behavior: z.enum(BEHAVIORS),
  product_type: z.enum(PRODUCT_TYPES),
  tax_amount: z.number().nullable(),
  subtotal: z.number().nullable(),
  total_amount: z.number().nullable(),
  status: z.enum(STATUSES),
  notes: z.string().nullable(),
  additional_name: z.string().nullable(),
  additional_rate: z.number().nullable(),
  additional_taxable_part: z.number().nullable(),
  additional_tax_amount: z.number().nullable(),
});

const jurisdiction = z.strictObject({
  id: z.int(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable().describe('Null for country-level jurisdictions and schemes'),
  level: z.enum(['county', 'city', 'district']).optional().describe('Set for a US local jurisdiction'),
});

const taxCode = z.strictObject({
  id: z.enum(TAX_CODES),
  name: z.string(),
  description: z.string(),
  kind: z.literal('category').optional().describe("taxrules's own product category (absent: one of the spec's seven codes)"),
  supply: z.enum(['goods', 'services', 'digital']).optional().describe("A category's kind of supply: it sets the default product_type, and a contradicting one is refused"),
  parent: z.enum(TAX_CODES).optional().describe("A finer code's broader category: treated as it where no law draws the finer line"),
});

const validation = z.strictObject({ valid: z.boolean().nullable().describe('true: a valid business tax ID; false: invalid; null: the register could not be asked') });

const issue = z.strictObject({ path: z.array(z.union([z.string(), z.int()])), code: z.string(), message: z.string() });
const error = z.strictObject({ error: z.strictObject({ code: z.string(), status: z.int(), message: z.string(), issues: z.array(issue) }) });

/** The body of `PUT /credits/{id}`: the administrative fields of a final credit note (any other field is refused). */
const creditUpdate = z.strictObject({
  tag_list: z.string().nullable().optional().describe(`Comma-separated tags, each at most ${MAX_TAG_LENGTH} characters`),
  payment_details: z.string().max(10_000).nullable().optional(),
  notes: z.string().max(10_000).nullable().optional(),
  custom_metadata: z
    .record(z.string().max(MAX_METADATA_KEY_LENGTH), z.union([z.string().max(MAX_METADATA_VALUE_LENGTH), z.number(), z.boolean()]).nullable())
    .nullable()
    .optional()
    .describe(`At most ${MAX_METADATA_KEYS} keys`),
});

/** The body of `PUT /credits/{id}/void`. */
const creditVoid = z.strictObject({ void_reason: z.string().max(10_000).describe('Required: without it (or with a blank one) the answer is 422') });

type Io = 'input' | 'output';
function schema(s: z.core.$ZodType, io: Io): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(s, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

/** The components' schemas, by name. */
export function openApiSchemas(): Record<string, Record<string, unknown>> {
  const v2 = transactionSchemas();
  const docs = documentSchemas();
  const answers = billingDocumentSchemas();
  const v2Answer = transactionAnswerSchemas();
  return {
    TaxRate: schema(taxRate, 'output'),
    Jurisdiction: schema(jurisdiction, 'output'),
    TaxCode: schema(taxCode, 'output'),
    TaxIdValidation: schema(validation, 'output'),
    Error: schema(error, 'output'),
    CalculationRequest: schema(requestSchemas().request, 'input'),
    CalculationResponse: schema(responseSchemas().response, 'output'),
    TransactionRequest: schema(docs.transaction, 'input'),
    CreditRequest: schema(docs.credit, 'input'),
    CreditUpdateRequest: schema(creditUpdate, 'input'),
    CreditPaymentRequest: schema(docs.creditPayment, 'input'),
    CreditVoidRequest: schema(creditVoid, 'input'),
    BillingDocument: schema(answers.document, 'output'),
    PaymentRecord: schema(answers.payment, 'output'),
    TaxTransactionRequest: schema(v2.transaction, 'input'),
    TaxTransaction: schema(v2Answer.result, 'output'),
    TaxTransactionBatchRequest: schema(v2.batch, 'input'),
    TaxTransactionBatch: schema(v2Answer.batchResult, 'output'),
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const content = (s: unknown) => ({ 'application/json': { schema: s } });
const errorResponse = (description: string) => ({ description, content: content(ref('Error')) });

interface Operation {
  summary: string;
  parameters?: unknown[];
  body?: string;
  ok: { status: string; schema: unknown; description: string };
}

const creditId = { name: 'id', in: 'path', required: true, description: "The credit note's id", schema: { type: 'integer', minimum: 0 } };

/** The query parameters whose values are a closed list: the list (any other value is refused). */
const CLOSED_PARAMETERS: Partial<Record<TaxRateParameterKind, { enum: string[] }>> = {
  'tax code': { enum: [...TAX_CODES] },
  behaviour: { enum: [...BEHAVIORS] },
  'product type': { enum: [...PRODUCT_TYPES] },
  'tax status': { enum: [...CUSTOMER_TAX_STATUSES] },
};

const stringParam = (name: string, where: 'query' | 'path', required: boolean, description: string, extra: Record<string, unknown> = {}) => ({
  name,
  in: where,
  required,
  description,
  schema: { type: 'string', ...extra },
});

const OPERATIONS: Record<string, Operation> = {
  'GET /tax_rates/calculate': {
    summary: 'The tax of a sale (API version 20241028 and later)',
    parameters: TAX_RATE_PARAMETERS.map((p) => stringParam(p.name, 'query', p.required, p.description, CLOSED_PARAMETERS[p.kind] ?? { maxLength: p.max })),
    ok: { status: '200', schema: ref('TaxRate'), description: 'The tax calculation result' },
  },
  'GET /jurisdictions': {
    summary: 'The jurisdictions an account can register in',
    parameters: [stringParam('country', 'query', false, '2-letter country code, case-sensitive'), stringParam('region', 'query', false, 'Region code, case-sensitive; `none` keeps jurisdictions without a region')],
    ok: { status: '200', schema: { type: 'array', items: ref('Jurisdiction') }, description: 'The jurisdictions, by id' },
  },
  'GET /jurisdictions/{id}': {
    summary: 'One jurisdiction',
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } }],
    ok: { status: '200', schema: ref('Jurisdiction'), description: 'The jurisdiction' },
  },
  'GET /tax_codes': { summary: "The spec's seven tax codes, then taxrules's product categories", ok: { status: '200', schema: { type: 'array', items: ref('TaxCode') }, description: 'The tax codes' } },
  'GET /tax_codes/{id}': {
    summary: 'One tax code',
    parameters: [stringParam('id', 'path', true, 'A tax code', { enum: [...TAX_CODES] })],
    ok: { status: '200', schema: ref('TaxCode'), description: 'The tax code' },
  },
  'GET /tax_ids/validate': {
    summary: "A customer tax ID's validity",
    parameters: [stringParam('country', 'query', true, '2-letter country code'), stringParam('tax_id', 'query', true, 'The tax ID')],
    ok: { status: '200', schema: ref('TaxIdValidation'), description: 'The verdict' },
  },
  'POST /calculations': { summary: 'Tax of line items (API version 20260309)', body: 'CalculationRequest', ok: { status: '200', schema: ref('CalculationResponse'), description: 'The calculation' } },
  'POST /transactions': {
    summary: 'A sale or refund: v20241028 answers the invoice or credit note (201), v20260309 the taxed transaction (200)',
    body: 'TransactionRequest|TaxTransactionRequest',
    ok: { status: '200', schema: ref('TaxTransaction'), description: 'The taxed transaction (API version 20260309)' },
  },
  'POST /transactions/batch': { summary: 'Up to 500 sales, all or none (API version 20260309)', body: 'TaxTransactionBatchRequest', ok: { status: '200', schema: ref('TaxTransactionBatch'), description: 'The taxed batch' } },
  'POST /credits': { summary: 'A credit note of an invoice (API version 20241028)', body: 'CreditRequest', ok: { status: '201', schema: ref('BillingDocument'), description: 'The credit note' } },
  'GET /credits/{id}': { summary: 'A stored credit note (API version 20241028)', parameters: [creditId], ok: { status: '200', schema: ref('BillingDocument'), description: 'The credit note' } },
  'PUT /credits/{id}': {
    summary: "A credit note's administrative fields changed: tag_list, payment_details, notes, custom_metadata (API version 20241028)",
    parameters: [creditId],
    body: 'CreditUpdateRequest',
    ok: { status: '200', schema: ref('BillingDocument'), description: 'The credit note updated' },
  },
  'POST /credits/{id}/payments': {
    summary: 'A payment recorded on a credit note; the credit note is paid once its payments reach its total (API version 20241028)',
    parameters: [creditId],
    body: 'CreditPaymentRequest',
    ok: { status: '201', schema: ref('PaymentRecord'), description: 'The payment record' },
  },
  'PUT /credits/{id}/void': {
    summary: 'A credit note voided; the invoice is reopened if this credit note had closed it (API version 20241028)',
    parameters: [creditId],
    body: 'CreditVoidRequest',
    ok: { status: '200', schema: ref('BillingDocument'), description: 'The credit note voided' },
  },
};

/** The OpenAPI 3.1 document of the handler's routes. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const key = `${route.method} ${route.path}`;
    const op = OPERATIONS[key];
    if (!op) throw new Error(`no OpenAPI operation for ${key}`);
    const responses: Record<string, unknown> = {
      [op.ok.status]: { description: op.ok.description, content: content(op.ok.schema) },
      '400': errorResponse('Malformed request: bad JSON, a missing, malformed or unknown parameter or field'),
      '404': errorResponse('No such resource, or an endpoint of another API version'),
      '405': errorResponse('Method not allowed on this path (see the Allow header)'),
      '406': errorResponse('An invalid value (unknown tax code, country, currency) or an unknown API version'),
      '422': errorResponse('Well-formed, but the rules cannot answer it (e.g. a date before their history)'),
      '500': errorResponse('A fault of the server'),
    };
    if (key === 'POST /transactions') responses['201'] = { description: 'The invoice or credit note (API version 20241028)', content: content(ref('BillingDocument')) };
    if (op.body) {
      responses['413'] = errorResponse('The body is larger than the server accepts');
      responses['415'] = errorResponse('The body is not JSON');
    }
    const operation: Record<string, unknown> = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, '').replace(/(?:^|[/_])(\w)/g, (_, c: string) => c.toUpperCase())}`,
      summary: op.summary,
      description: `API versions: ${route.versions.join(', ')} (chosen with the Accept header: application/json; api_version=<version>).`,
      parameters: [
        ...(op.parameters ?? []),
        { name: 'Accept', in: 'header', required: false, description: 'application/json; api_version=<version> (or api_version: <version>)', schema: { type: 'string' } },
      ],
      responses,
    };
    if (op.body) {
      const bodies = op.body.split('|').map(ref);
      operation.requestBody = { required: true, content: content(bodies.length === 1 ? bodies[0] : { oneOf: bodies }) };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'taxrules',
      version,
      description: `The tax endpoints taxrules/http serves (API versions ${API_VERSIONS.join(', ')}). Offline: rules and rates from versioned, sourced data.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: { schemas: openApiSchemas() },
  };
}
