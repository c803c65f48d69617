/**
 * Long texts as quoted strings, not template literals. esbuild prints a string literal in
 * whichever quote needs the fewest escapes, so a JSON text (full of `"`, with no backtick)
 * comes out as a template literal; V8 scans a template literal at about twice the cost of a
 * quoted string (it keeps its raw text beside the cooked one), and it scans every such
 * literal of a file at import, in functions never called too. The package's JSON texts (the
 * rule pack's shared tables and dictionary, the US nexus rules, the calling codes, the
 * registration thresholds: about 180 kB in the main entry's files) are printed again here,
 * after esbuild, as single-quoted strings (few `'` to escape in them): the same values,
 * about 5 M instructions less at each import of `taxrules` (see docs/performance.md).
 * A tsup plugin: it rewrites each output file of the library builds.
 */
import ts from 'typescript';
import type { Options } from 'tsup';

type TsupPlugin = NonNullable<Options['plugins']>[number];

/** A template literal shorter than this is left as esbuild printed it. */
const MIN_LENGTH = 1000;
/** The length of the lines a string is continued over (the builds' `lineLimit` is 160). */
const LINE = 150;

/** One character of `text` as it is written in a single-quoted string of ASCII. */
function escaped(c: string): string {
  if (c === '\\' || c === "'") return `\\${c}`;
  const code = c.charCodeAt(0);
  return code < 0x20 || code > 0x7e ? `\\u${code.toString(16).padStart(4, '0')}` : c;
}

/** `text` as a single-quoted string, continued over lines of at most LINE characters. */
export function singleQuoted(text: string): string {
  let out = "'";
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const piece = escaped(text[i]!);
    if (line + piece.length > LINE) {
      out += '\\\n';
      line = 0;
    }
    out += piece;
    line += piece.length;
  }
  return `${out}'`;
}

/** `code` with every template literal of at least MIN_LENGTH characters, untagged and without substitutions, as a single-quoted string. */
export function quoteLongTemplates(code: string, fileName = 'chunk.js'): string {
  if (!code.includes('`')) return code;
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found: ts.NoSubstitutionTemplateLiteral[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNoSubstitutionTemplateLiteral(node)) {
      if (node.end - node.getStart(file) >= MIN_LENGTH && !ts.isTaggedTemplateExpression(node.parent)) found.push(node);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = code;
  for (const node of found.reverse()) out = out.slice(0, node.getStart(file)) + singleQuoted(node.text) + out.slice(node.end);
  return out;
}

export const quotedTextsPlugin: TsupPlugin = {
  name: 'taxrules-quoted-texts',
  renderChunk(code, chunk) {
    if (!/\.c?js$/.test(chunk.path)) return undefined;
    return { code: quoteLongTemplates(code, chunk.path) };
  },
};
