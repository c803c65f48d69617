/**
 * The shape of the source, held: short functions where requests are parsed and rendered, a
 * coordinator that only coordinates, no import circle, module-level state only where the
 * README's "How it works" lists it, the tax codes spelled in one hand-written place.
 */
import { docsText } from './support/docs.js';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'generated') sourceFiles(path, out);
    } else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const files = sourceFiles(SRC);
const parsed = new Map(files.map((f) => [f, ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true)]));
const lineOf = (sf: ts.SourceFile, pos: number): number => sf.getLineAndCharacterOfPosition(pos).line;

/** A function's own lines: its lines less those of the functions nested in it. */
function ownLines(sf: ts.SourceFile, fn: ts.FunctionLikeDeclaration): number {
  let nested = 0;
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionLike(n) && (n as ts.FunctionLikeDeclaration).body !== undefined && !(ts.isArrowFunction(n) && !ts.isBlock(n.body))) {
      nested += lineOf(sf, n.getEnd()) - lineOf(sf, n.getStart()) + 1;
      return;
    }
    ts.forEachChild(n, visit);
  };
  if (fn.body) ts.forEachChild(fn.body, visit);
  return lineOf(sf, fn.getEnd()) - lineOf(sf, fn.getStart()) + 1 - nested;
}

function longFunctions(dir: string, max: number): string[] {
  const out: string[] = [];
  for (const [file, sf] of parsed) {
    if (!file.startsWith(join(SRC, dir) + '/')) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) && (n as ts.FunctionLikeDeclaration).body !== undefined) {
        const own = ownLines(sf, n as ts.FunctionLikeDeclaration);
        if (own > max) out.push(`${relative(SRC, file)}:${lineOf(sf, n.getStart()) + 1} ${(n as ts.FunctionLikeDeclaration).name?.getText() ?? '(anonymous)'}: ${own} lines`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

describe('the shape of the source', () => {
  it('parses and renders in functions of at most 60 own lines (src/adapters, src/documents)', () => {
    expect([...longFunctions('adapters', 60), ...longFunctions('documents', 60)]).toEqual([]);
  });

  it('keeps modules short: at most 600 lines in src/documents, 700 anywhere in src (generated data aside)', () => {
    const lines = (f: string): number => readFileSync(f, 'utf8').split('\n').length;
    const long = files.filter((f) => lines(f) > (f.startsWith(join(SRC, 'documents') + '/') ? 600 : 700));
    expect(long.map((f) => `${relative(SRC, f)}: ${lines(f)} lines`)).toEqual([]);
  });

  it('keeps decide.ts a coordinator: at most 300 lines', () => {
    expect(readFileSync(join(SRC, 'core', 'decide.ts'), 'utf8').split('\n').length).toBeLessThanOrEqual(300);
  });

  it('has no import circle (type imports included)', () => {
    const graph = new Map<string, string[]>();
    for (const [file, sf] of parsed) {
      const deps: string[] = [];
      for (const s of sf.statements) {
        const spec = (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? s.moduleSpecifier.text : null;
        if (spec === null || !spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
        if (parsed.has(target)) deps.push(target);
      }
      graph.set(file, deps);
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (f: string): void => {
      state.set(f, 'open');
      stack.push(f);
      for (const d of graph.get(f) ?? []) {
        if (state.get(d) === 'open') cycles.push([...stack.slice(stack.indexOf(d)), d].map((x) => relative(SRC, x)).join(' → '));
        else if (state.get(d) === undefined) visit(d);
      }
      stack.pop();
      state.set(f, 'done');
    };
    for (const f of files) if (state.get(f) === undefined) visit(f);
    expect(cycles).toEqual([]);
  });

  it('keeps module-level state only in the modules the README lists under "How it works"', () => {
    const readme = docsText();
    const section = readme.slice(readme.indexOf('### How it works'), readme.indexOf('### How the tax is found'));
    const stateful: string[] = [];
    for (const [file, sf] of parsed) {
      for (const s of sf.statements) {
        if (!ts.isVariableStatement(s)) continue;
        const mutable = (s.declarationList.flags & ts.NodeFlags.Let) !== 0;
        // A collection made at module level (a cache), unless it is read-only by its type.
        const collection = s.declarationList.declarations.some((d) => d.initializer && ts.isNewExpression(d.initializer) && /^(Weak)?(Map|Set)$/.test(d.initializer.expression.getText()) && !/^Readonly/.test(d.type?.getText() ?? ''));
        if (mutable || collection) stateful.push(relative(SRC, file));
      }
    }
    const unlisted = [...new Set(stateful)].filter((f) => !section.includes(f.split('/').pop() as string));
    expect(unlisted).toEqual([]);
  });

  it('spells the tax codes in one hand-written place (rules/schema/common.schema.json)', () => {
    const codes = (JSON.parse(readFileSync('rules/schema/common.schema.json', 'utf8')) as { definitions: { taxCodeId: { enum: string[] } } }).definitions.taxCodeId.enum;
    // The service interface's seven first, then taxrules's categories, in the order of rules/tax-codes.json.
    expect(codes.slice(0, 7)).toEqual(['consulting', 'eservice', 'ebook', 'saas', 'standard', 'reduced', 'exempt']);
    const listed = (JSON.parse(readFileSync('rules/tax-codes.json', 'utf8')) as { tax_codes: { id: string }[] }).tax_codes.map((c) => c.id);
    expect([...listed].sort()).toEqual([...codes].sort());
    // Generated files (src/generated, src/schema-types.ts) hold the list; no hand-written file spells it.
    const spelled = files.filter((f) => !f.endsWith('schema-types.ts') && codes.every((c) => readFileSync(f, 'utf8').includes(`'${c}'`)));
    expect(spelled.map((f) => relative(SRC, f))).toEqual([]);
  });
});
