/** `taxablePart` → `taxable_part`; a name without capitals is left as it is. */
export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A JSON value with every object key in snake_case, at every depth: the library's
 * explanation (`explainTaxRate`, camelCase as the library's types are) written in the key
 * style of the API's answers, so that `quote` and `quote --explain` read alike. Values are
 * kept as they are; only keys that are field names are renamed (the explanation has no
 * object keyed by data).
 */
export function snakeCased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeCased);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [snakeCase(k), snakeCased(v)]));
}
