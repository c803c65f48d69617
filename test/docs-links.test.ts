/** The documentation holds together: every relative link reaches a file and its anchor, and no heading skips a level. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_FILES } from './support/docs.js';

const FILES = [...DOC_FILES, 'CHANGELOG.md', 'CONTRIBUTING.md'];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
const slug = (text: string): string => text.trim().toLowerCase().replace(/[^\p{L}\p{N}\- _]/gu, '').replace(/ /g, '-');

/** The lines of a Markdown file outside its code blocks. */
function prose(text: string): string[] {
  let fence = false;
  return text.split('\n').filter((line) => {
    if (line.startsWith('```')) fence = !fence;
    return !fence && !line.startsWith('```');
  });
}

function anchorsOf(file: string): Set<string> {
  const out = new Set<string>();
  for (const line of prose(readFileSync(file, 'utf8'))) {
    const h = /^#{1,6} (.*)$/.exec(line);
    if (h) out.add(slug(h[1] as string));
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) out.add(m[1] as string);
  }
  return out;
}

describe('the documentation', () => {
  it('links only to files and anchors that exist', () => {
    const broken: string[] = [];
    for (const file of FILES) {
      for (const line of prose(readFileSync(file, 'utf8'))) {
        for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          const target = m[1] as string;
          if (/^(https?:|mailto:)/.test(target)) continue;
          const [path, anchor] = target.split('#') as [string, string | undefined];
          const to = path === '' ? file : normalize(join(dirname(file), path));
          if (!existsSync(to)) broken.push(`${file}: ${target} (no file ${to})`);
          else if (anchor !== undefined && to.endsWith('.md') && !anchorsOf(to).has(anchor)) broken.push(`${file}: ${target} (no anchor in ${to})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('has one title per file and headings that step down one level at a time', () => {
    const skips: string[] = [];
    for (const file of FILES) {
      let level = 0;
      let titles = 0;
      for (const line of prose(readFileSync(file, 'utf8'))) {
        const h = /^(#{1,6}) /.exec(line);
        if (!h) continue;
        const next = (h[1] as string).length;
        if (next === 1) titles++;
        if (next > level + 1) skips.push(`${file}: ${line}`);
        level = next;
      }
      if (titles !== 1) skips.push(`${file}: ${titles} titles`);
    }
    expect(skips).toEqual([]);
  });

  it('has a guide for each part of the library, linked from the README', () => {
    const readme = readFileSync('README.md', 'utf8');
    for (const guide of ['cli', 'quotes', 'tax-ids', 'line-items', 'documents', 'us', 'compliance', 'http', 'how-it-works', 'testing-kit', 'rule-data', 'performance']) {
      expect(DOC_FILES).toContain(`docs/${guide}.md`);
      expect(readme).toContain(`(docs/${guide}.md)`);
    }
  });
});
