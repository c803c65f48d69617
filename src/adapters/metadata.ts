/**
 * The spec's metadata of a line or a document (`custom_metadata`, "Limits"): at most 20 keys of
 * at most 40 characters, each value text, a number, a boolean or null of at most 500 characters.
 * The seller's own data: kept as given, deciding no tax.
 */
import * as z from 'zod/mini';
import { quoted } from '../core/errors.js';

export const MAX_METADATA_KEYS = 20;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_VALUE_LENGTH = 500;

/**
 * The keys of a record: text. Zod reads a record's key schema's `values` (the keys an enum
 * would list) whether or not the schema has them; given here as its own, so that a polluted
 * Object.prototype is not read as the record's keys.
 */
export function recordKey(): z.ZodMiniString<string> {
  const key = z.string();
  key._zod.values = undefined;
  return key;
}

/** A metadata value: text, a number or a boolean (null clears it), at most 500 characters as text. */
const metadataValue = () => z.nullable(z.union([z.string(), z.number().check(z.refine(Number.isFinite, 'must be a finite number')), z.boolean()]));

/** Metadata: at most 20 keys, keys of at most 40 characters, values of at most 500. */
export function metadataSchema() {
  return z.record(recordKey(), metadataValue()).check(
    z.superRefine((meta: Record<string, unknown>, ctx) => {
      const keys = Object.keys(meta);
      if (keys.length > MAX_METADATA_KEYS) ctx.addIssue({ code: 'custom', message: `has ${keys.length} keys; at most ${MAX_METADATA_KEYS} are allowed`, input: meta });
      for (const key of keys) {
        if (key.length > MAX_METADATA_KEY_LENGTH) ctx.addIssue({ code: 'custom', message: `the key ${quoted(key, 50)} is longer than ${MAX_METADATA_KEY_LENGTH} characters (${key.length})`, input: meta });
        const v = meta[key];
        const text = v === null || v === undefined ? '' : String(v);
        if (text.length > MAX_METADATA_VALUE_LENGTH) ctx.addIssue({ code: 'custom', path: [key], message: `is longer than ${MAX_METADATA_VALUE_LENGTH} characters (${text.length})`, input: v });
      }
    }),
  );
}
