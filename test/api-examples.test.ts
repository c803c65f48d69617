/**
 * Every function and class the package's entries export has an `@example` in its TSDoc (the
 * API reference shows it), and every ```ts block of every `@example` runs as the guides'
 * blocks run (test/support/code-blocks.ts: imports from 'taxrules' and 'taxrules/<entry>', a
 * statement followed by a `// value` comment checked, `…` for a part). Each block runs in an
 * empty working folder of its own, so that one writing files (`exportRules('./my-rules')`)
 * writes them there.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { codeBlocks, runBlock, type CodeBlock } from './support/code-blocks.js';

/** The package's entries (package.json's `exports`), as modules of src/. */
const ENTRIES = ['index', 'eu', 'http', 'testing', 'testing-fast-check', 'node', 'schemas', 'ecb'];

/**
 * Exports still without an example (none now: every export has one). A name here that has an
 * example, or is no longer exported, fails the test: take it off the list.
 */
const PENDING: string[] = [];

interface Exported {
  /** The name, the entries that export it and the file that declares it. */
  name: string;
  entries: string[];
  file: string;
  /** The `@example` sections of its TSDoc, each with its first line in `file`. */
  examples: { line: number; text: string }[];
}

/** The lines of a TSDoc comment without its `/**`, `*` and `*\/` marks, one for one with the source's. */
function commentLines(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/^\s*\/\*\*\s?/, '').replace(/\s*\*\/\s*$/, '').replace(/^\s*\*(?: |$)/, ''));
}

/** The `@example` sections of a TSDoc comment starting at `line`: from the tag to the next block tag outside a code fence. */
function exampleSections(text: string, line: number): { line: number; text: string }[] {
  const sections: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | null = null;
  let fenced = false;
  commentLines(text).forEach((l, i) => {
    if (!fenced && /^@\w/.test(l)) {
      current = l.startsWith('@example') ? { line: line + i, lines: [l.slice('@example'.length).trim()] } : null;
      if (current) sections.push(current);
    } else {
      (current as { lines: string[] } | null)?.lines.push(l);
    }
    if (l.startsWith('```')) fenced = !fenced;
  });
  return sections.map((s) => ({ line: s.line, text: s.lines.join('\n') }));
}

/** Every function and class of every entry, once each, with the entries that export it. */
function exportedFunctions(): Exported[] {
  const program = ts.createProgram(ENTRIES.map((e) => `src/${e}.ts`), { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler, resolveJsonModule: true });
  const checker = program.getTypeChecker();
  const found = new Map<ts.Node, Exported>();
  for (const entry of ENTRIES) {
    const source = program.getSourceFile(`src/${entry}.ts`);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`src/${entry}.ts is not a module`);
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const decl = target.declarations?.[0];
      if (!decl) continue;
      const isFunction = ts.isFunctionDeclaration(decl) || ts.isClassDeclaration(decl) || (ts.isVariableDeclaration(decl) && decl.initializer !== undefined && (ts.isArrowFunction(decl.initializer) || ts.isFunctionExpression(decl.initializer)));
      if (!isFunction) continue;
      const seen = found.get(decl);
      if (seen) {
        seen.entries.push(entry);
        continue;
      }
      // A variable's TSDoc is its statement's; the last comment before a declaration is its TSDoc.
      const host = ts.isVariableDeclaration(decl) ? decl.parent.parent : decl;
      const doc = ts.getJSDocCommentsAndTags(host).filter(ts.isJSDoc).at(-1);
      const file = decl.getSourceFile();
      const examples = doc ? exampleSections(file.text.slice(doc.getStart(), doc.end), file.getLineAndCharacterOfPosition(doc.getStart()).line + 1) : [];
      found.set(decl, { name: symbol.name, entries: [entry], file: relative(process.cwd(), resolve(file.fileName)), examples });
    }
  }
  return [...found.values()];
}

const exported = exportedFunctions();
const blocks: CodeBlock[] = exported.flatMap((f) => f.examples.flatMap((e) => codeBlocks(f.file, e.text, e.line)));

const dir = resolve('test/.api-examples');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the API reference’s examples', () => {
  it('are found for every exported function and class', () => {
    expect(exported.length).toBeGreaterThanOrEqual(60);
    expect(exported.map((f) => f.name)).toEqual(expect.arrayContaining(['calculateTaxRate', 'TaxRulesError', 'createHandler', 'loadRules', 'diffRules', 'taxArbitraries', 'ecbReferenceRate']));
  });

  it('are on every exported function and class but the pending ones', () => {
    const missing = exported.filter((f) => f.examples.length === 0 && !PENDING.includes(f.name)).map((f) => `${f.name} (${f.entries.join(', ')}; ${f.file})`);
    expect(missing, 'exports without an @example').toEqual([]);
  });

  it('list as pending only exports still without one', () => {
    const stale = PENDING.filter((name) => !exported.some((f) => f.name === name && f.examples.length === 0));
    expect(stale, 'pending names that have an example or are no export: take them off PENDING').toEqual([]);
  });

  it('each hold a ```ts block', () => {
    const bare = exported.filter((f) => f.examples.some((e) => codeBlocks(f.file, e.text).length === 0)).map((f) => `${f.name} (${f.file})`);
    expect(bare, '@example sections without a ```ts block').toEqual([]);
  });

  let total = 0;
  for (const block of blocks) {
    it(`run as shown (${block.file}:${block.line})`, async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'api-example-'));
      try {
        total += await runBlock(block, join(dir, `block-${block.file.replace(/\W/g, '-')}-${block.line}.ts`), cwd);
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    });
  }

  it('check the values their comments show', () => {
    expect(total).toBeGreaterThanOrEqual(60);
  });
});
