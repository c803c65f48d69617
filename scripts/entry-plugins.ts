/**
 * The EU entry is the main source built against the EU rule pack: this esbuild plugin
 * (used by tsup, the bench and the bundle test) points the default rule data and the
 * tax-ID module list at their EU versions, which the rules build writes.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'esbuild';

export const euPackPlugin: Plugin = {
  name: 'taxrules-eu-pack',
  setup(build) {
    build.onResolve({ filter: /(^|\/)generated\/ruledata\.js$/ }, (args) => ({ path: resolve(args.resolveDir, args.path.replace(/ruledata\.js$/, 'ruledata-eu.ts')) }));
    build.onResolve({ filter: /^\.\/countries\/index\.js$/ }, (args) => ({ path: resolve(args.resolveDir, '../generated/taxid-eu.ts') }));
  },
};
