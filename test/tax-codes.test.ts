import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TAX_CODES } from '../src/generated/tax-codes.js';
import { defaultRuleSet } from '../src/default-rules.js';
import { listTaxCodes } from '../src/catalog.js';

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (path.endsWith('.ts')) out.push(path);
  }
  return out;
}

describe('the tax codes', () => {
  it('are written once, in the rules schema, and every list of them in the code is generated from it', () => {
    const schema = JSON.parse(readFileSync('rules/schema/common.schema.json', 'utf8')) as { definitions: { taxCodeId: { enum: string[] } } };
    expect([...TAX_CODES]).toEqual(schema.definitions.taxCodeId.enum);
    // A list of three or more codes spelled out by hand: only generated files may hold one.
    const spelled = /'(?:consulting|eservice|ebook|saas|standard|reduced|exempt)'(?:\s*[,|]\s*'(?:consulting|eservice|ebook|saas|standard|reduced|exempt)'){2,}/;
    const generated = (f: string) => f.startsWith(join('src', 'generated')) || f === join('src', 'schema-types.ts');
    // In code: a comment (an @example's answer) may show a list as the API gives it.
    const code = (f: string) => readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    expect(sources('src').filter((f) => !generated(f) && spelled.test(code(f)))).toEqual([]);
  });

  it('are the codes the rules describe, each once', () => {
    expect(listTaxCodes().map((c) => c.id).sort()).toEqual([...TAX_CODES].sort());
    expect(defaultRuleSet.taxCodes.size).toBe(TAX_CODES.length);
  });
});
