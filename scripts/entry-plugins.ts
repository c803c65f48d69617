/**
 * The EU entry is the main source built against the EU rule pack: this esbuild plugin
 * (used by tsup, the bench and the bundle test) points the default rule data and the
 * tax-ID module list at their EU versions, which the rules build writes.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * decimal.js writes "±" in its comments, and esbuild keeps a comment that sits inside an
 * expression: one character outside ASCII in a chunk makes Node decode the whole file as
 * UTF-8 at import and keep its source as a two-byte string (twice the memory). Its comments
 * are read as ASCII ("+/-"); the build fails if anything else outside ASCII is left.
 */
export const asciiDecimalPlugin: Plugin = {
  name: 'taxrules-ascii-decimal',
  setup(build) {
    build.onLoad({ filter: /[\\/]decimal\.js[\\/]decimal\.m?js$/ }, async (args) => {
      const contents = (await readFile(args.path, 'utf8')).replaceAll('\u00b1', '+/-');
      if (/[^\x00-\x7f]/.test(contents)) throw new Error(`${args.path}: a character outside ASCII other than \u00b1`);
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
