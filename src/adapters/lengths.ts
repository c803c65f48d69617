/**
 * Length checks for the schemas, run only on a value of the type they check (a string or an
 * array). Zod's own run on anything with a `length` field, after the type's issue, and throw
 * where that length is an object that cannot be compared (`{ length: Object.create(null) }`):
 * a hostile input must get its 400, never the schema's exception.
 */
import * as z from 'zod/mini';

const ofType = (payload: { readonly value: unknown }): boolean => typeof payload.value === 'string' || Array.isArray(payload.value);

/** `z.minLength(minimum, message)`, on strings and arrays only. */
export function minLength(minimum: number, message: string): ReturnType<typeof z.minLength> {
  // `when` is a field of every check's definition, which zod builds from these parameters.
  return z.minLength(minimum, { message, when: ofType } as { message: string });
}

/** `z.maxLength(maximum, message)`, on strings and arrays only. */
export function maxLength(maximum: number, message: string): ReturnType<typeof z.maxLength> {
  return z.maxLength(maximum, { message, when: ofType } as { message: string });
}
