/**
 * The spec's limits on transactions and documents ("Limits"): tags of at most 40 characters,
 * `custom_metadata` of at most 20 keys with keys of at most 40 and values of at most 500
 * characters, at most 200 items, document numbers of at most 20 characters. Shared by the
 * request's schema and the update of a final document.
 */
import * as z from 'zod/mini';
import { quoted } from '../core/errors.js';
export { MAX_METADATA_KEYS, MAX_METADATA_KEY_LENGTH, MAX_METADATA_VALUE_LENGTH, metadataSchema, recordKey } from '../adapters/metadata.js';

/** The largest amount in minor units a document holds: 15 digits, so that its JSON number reads back exactly. */
export const MAX_CENTS = 999_999_999_999_999;

export const MAX_DOCUMENT_ITEMS = 200;
export const MAX_TAG_LENGTH = 40;
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

/** The tag list as the document keeps it: the tags trimmed and joined by commas, or null when none. */
export function normalTagList(list: string | null | undefined): string | null {
  if (list === null || list === undefined) return null;
  const tags = tagsOf(list);
  return tags.length === 0 ? null : tags.join(',');
}
