/**
 * The EU entry is the main source built against the EU rule pack: this esbuild plugin
 * (used by tsup, the bench and the bundle test) points the default rule data and the
 * tax-ID module list at their EU versions, which the rules build writes.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * The last statements of decimal.mjs turn its two 1,025-digit constants (ln 10 and pi) from
 * text into Decimals: 0.35 ms at every import of the package, for logarithms and
 * trigonometry, which the package never asks for. Left as text, each is read where decimal.js
 * uses it (`new Ctor(LN10)`, `new Ctor(PI)`: a Decimal is made of a Decimal or of its text
 * alike, and neither is rounded when made).
 */
const DECIMAL_CONSTANTS = ['LN10 = new Decimal(LN10);', 'PI = new Decimal(PI);'];

/**
 * decimal.js, as the package bundles it. It writes "±" in its comments, and esbuild keeps a
 * comment that sits inside an expression: one character outside ASCII in a chunk makes Node
 * decode the whole file as UTF-8 at import and keep its source as a two-byte string (twice
 * the memory). Its comments are read as ASCII ("+/-"); the build fails if anything else
 * outside ASCII is left. Its constants stay text (above); the build fails if decimal.js no
 * longer sets them.
 */
export const asciiDecimalPlugin: Plugin = {
  name: 'taxrules-ascii-decimal',
  setup(build) {
    build.onLoad({ filter: /[\\/]decimal\.js[\\/]decimal\.m?js$/ }, async (args) => {
      let contents = (await readFile(args.path, 'utf8')).replaceAll('\u00b1', '+/-');
      if (/[^\x00-\x7f]/.test(contents)) throw new Error(`${args.path}: a character outside ASCII other than \u00b1`);
      for (const line of DECIMAL_CONSTANTS) {
        const lines = contents.split('\n');
        const at = lines.findIndex((l) => l.trim() === line);
        if (at < 0) throw new Error(`${args.path}: no line "${line}" (decimal.js changed: see DECIMAL_CONSTANTS)`);
        lines.splice(at, 1);
        contents = lines.join('\n');
      }
      return { contents, loader: 'js' };
    });
  },
};

export const euPackPlugin: Plugin = {
  name: 'taxrules-eu-pack',
  setup(build) {
    build.onResolve({ filter: /(^|\/)generated\/ruledata\.js$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.replace(/ruledata\.js$/, 'ruledata-eu.ts')) }));
    build.onResolve({ filter: /^\.\/countries\/index\.js$/ }, (args) => ({ path: resolve(args.resolveDir, '../generated/taxid-eu.ts') }));
  },
};
