/** The documentation the tests read: README.md and the guides of docs/, in that order. */
import { readdirSync, readFileSync } from 'node:fs';

/** README.md, then docs/*.md by name. */
export const DOC_FILES: readonly string[] = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

/** Every documentation file's text, joined. */
export function docsText(): string {
  return DOC_FILES.map((f) => readFileSync(f, 'utf8')).join('\n');
}
