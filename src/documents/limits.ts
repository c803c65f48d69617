/**
 * The spec's limits on transactions and documents ("Limits"): tags of at most 40 characters,
 * `custom_metadata` of at most 20 keys with keys of at most 40 and values of at most 500
 * characters, at most 200 items, document numbers of at most 20 characters. Shared by the
 * request's schema and the update of a final document.
 */
import * as z from 'zod/mini';
import { quoted } from '../core/errors.js';

/** The largest amount in minor units a document holds: 15 digits, so that its JSON number reads back exactly. */
export const MAX_CENTS = 999_999_999_999_999;

export const MAX_DOCUMENT_ITEMS = 200;
export const MAX_TAG_LENGTH = 40;
export const MAX_METADATA_KEYS = 20;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_VALUE_LENGTH = 500;
export const MAX_DOCUMENT_NUMBER_LENGTH = 20;

/** The tags of a comma-separated list, trimmed, empty ones left out. */
export function tagsOf(list: string): string[] {
  return list
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

/** The comma-separated tags, each checked against the 40-character limit. */
export function tagListSchema() {
  return z.string().check(
    z.superRefine((list: string, ctx) => {
      for (const tag of tagsOf(list)) {
        if (tag.length > MAX_TAG_LENGTH) ctx.addIssue({ code: 'custom', message: `the tag ${quoted(tag, 50)} is longer than ${MAX_TAG_LENGTH} characters (${tag.length})`, input: list });
      }
    }),
  );
}

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

/** `custom_metadata`: at most 20 keys, keys of at most 40 characters, values of at most 500. */
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

/** The tag list as the document keeps it: the tags trimmed and joined by commas, or null when none. */
export function normalTagList(list: string | null | undefined): string | null {
  if (list === null || list === undefined) return null;
  const tags = tagsOf(list);
  return tags.length === 0 ? null : tags.join(',');
}
