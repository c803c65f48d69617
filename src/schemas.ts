/**
 * `taxrules/schemas`: the schemas the library validates with, as values — the account, the
 * v20260309 calculation request and its response. They are zod schemas (zod is bundled into
 * the package), typed here by what any caller can use without zod installed: `parse`,
 * `safeParse`, and the Standard Schema interface (`~standard`) that form, router and
 * validation libraries accept. (The main entry builds them only when it needs them;
 * importing this entry builds them at once.)
 */
import { accountSchemas, requestSchemas, responseSchemas } from './adapters/schemas.js';
import { ownCopy, prototypePolluted, unreadable } from './adapters/read.js';
import { checkBySchema, withoutZodReads } from './adapters/issues.js';
import { errorFromIssues, type TaxRulesIssue } from './core/errors.js';
import type { AccountOutput, CalculationRequestOutput, CalculationResponseShape, AccountInputShape, CalculationRequestShape } from './schema-types.js';

/** One problem a schema found in a value. */
export interface SchemaIssue {
  readonly code: string;
  readonly message: string;
  readonly path: readonly PropertyKey[];
}

/** The Standard Schema interface, version 1 (https://standardschema.dev). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardSchemaV1.Result<Output> | Promise<StandardSchemaV1.Result<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

export declare namespace StandardSchemaV1 {
  type Result<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<{ readonly message: string; readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined }> };
}

/** A schema of this entry: validates a value and answers it as read, or its problems. */
export interface TaxRulesSchema<Input, Output> extends StandardSchemaV1<Input, Output> {
  /** The value as read; throws a TaxRulesError (400 or 406, with every issue) when it does not match. */
  parse(value: unknown): Output;
  /** The value as read, or every problem found. */
  safeParse(value: unknown): { success: true; data: Output; error?: undefined } | { success: false; data?: undefined; error: { issues: SchemaIssue[] } };
}

/**
 * A schema that reads only a value's own fields: while Object.prototype carries enumerable
 * fields (it was polluted), the value is read as a copy of its own fields, so an inherited
 * field neither counts as an unknown one nor fills one left out. A value that throws while it
 * is read is an issue of `safeParse` and `~standard.validate` (which never throw nor reject);
 * `parse` throws only a TaxRulesError: the value's issues, as every entry words them.
 */
function ownFieldsOnly<I, O>(schema: TaxRulesSchema<I, O>): TaxRulesSchema<I, O> {
  const read = (value: unknown): unknown => (prototypePolluted() ? ownCopy(value, 16, Number.MAX_SAFE_INTEGER) : value);
  // A value that throws while it is read (a getter, a Proxy trap): an issue, never an exception of its own.
  const unread = (e: unknown): SchemaIssue[] => unreadable(e, []).issues.map((i) => ({ code: 'custom', message: i.message, path: [] }));
  const standard = schema['~standard'];
  return {
    parse(value) {
      let issues: TaxRulesIssue[];
      try {
        const result = checkBySchema(schema as never, read(value));
        if (result.success) return result.data as O;
        issues = result.issues;
      } catch (e) {
        throw unreadable(e, []);
      }
      throw errorFromIssues(issues);
    },
    safeParse(value) {
      try {
        // zod makes a failure's error when it is first read: read here, so that one that cannot be made is an issue, not a throw.
        return withoutZodReads(() => {
          const result = schema.safeParse(read(value));
          return result.success ? result : { success: false, error: { issues: [...result.error.issues] } };
        });
      } catch (e) {
        return { success: false, error: { issues: unread(e) } };
      }
    },
    '~standard': {
      version: standard.version,
      vendor: standard.vendor,
      // Always synchronous: zod's own validate answers a Promise when a value throws while it is read (it tries again asynchronously).
      validate(value) {
        try {
          return withoutZodReads(() => {
            const r = schema.safeParse(read(value));
            return r.success ? { value: r.data as O } : { issues: [...r.error.issues] };
          });
        } catch (e) {
          return { issues: unread(e) };
        }
      },
      ...(standard.types ? { types: standard.types } : {}),
    },
  };
}

/** The seller's account (see `prepareAccount`). */
export const accountSchema: TaxRulesSchema<AccountInputShape, AccountOutput> = ownFieldsOnly<AccountInputShape, AccountOutput>(accountSchemas().account);
/** The body of a v20260309 calculation request. */
export const calculationRequestSchema: TaxRulesSchema<CalculationRequestShape, CalculationRequestOutput> = ownFieldsOnly<CalculationRequestShape, CalculationRequestOutput>(requestSchemas().request);
/** The response of a v20260309 calculation. */
export const calculationResponseSchema: TaxRulesSchema<CalculationResponseShape, CalculationResponseShape> = ownFieldsOnly<CalculationResponseShape, CalculationResponseShape>(responseSchemas().response);
export { MAX_AMOUNT_LENGTH, MAX_LINE_ITEMS, MAX_REGISTRATIONS, MAX_TAX_DATE } from './adapters/schemas.js';
