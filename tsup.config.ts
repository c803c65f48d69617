import { defineConfig, type Options } from 'tsup';
import { asciiDecimalPlugin, euPackPlugin } from './scripts/entry-plugins.js';
import { quotedTextsPlugin } from './scripts/quoted-texts.js';

/**
 * What every library build shares. Syntax is minified, whitespace and names are not: class
 * and function names are kept, lines are cut at 160 characters (a stack frame names a short
 * line, an uncaught error echoes one; a long string is continued over lines). Whitespace is
 * kept because esbuild's whitespace minification drops the `@__PURE__` annotations,
 * and a user's bundler needs them to leave out what an import does not use: a browser bundle
 * of `TaxRulesError` alone is 1.4 kB gzipped with them, 569 kB without (the package is 51 kB
 * larger packed, 2.75 MB; see scripts/bundle-sizes.ts and docs/performance.md).
 */
const library: Options = {
  dts: true,
  // No source maps in the package: the output is readable as it is.
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // zod stays a dependency for the types (the .d.ts refers to zod/mini); its code and
  // date-fns's are bundled.
  noExternal: ['zod', 'date-fns'],
  // fast-check is the testing entry's peer dependency: the user's copy, never bundled.
  external: ['fast-check'],
  minifyWhitespace: false,
  minifySyntax: true,
  minifyIdentifiers: false,
  esbuildPlugins: [asciiDecimalPlugin],
  // The long JSON texts as quoted strings, which V8 scans faster than esbuild's template literals.
  plugins: [quotedTextsPlugin],
  esbuildOptions(options) {
    options.lineLimit = 160;
  },
};

export default defineConfig([
  // The main entries and the CLI share one engine: common code and the rule data sit in
  // shared chunks, so `taxrules` and `taxrules/http` loaded together load one engine, one
  // rule set and one decision cache. ES modules and CommonJS each have their own chunks.
  {
    ...library,
    format: ['esm', 'cjs'],
    entry: { index: 'src/index.ts', schemas: 'src/schemas.ts', http: 'src/http.ts', testing: 'src/testing.ts', 'testing-fast-check': 'src/testing-fast-check.ts', node: 'src/node.ts', cli: 'src/cli/index.ts' },
    // The HTTP handler loads the ECB entry itself when a document first needs a reference rate.
    external: ['fast-check', 'taxrules/ecb'],
    splitting: true,
    // Declarations of the library entries (the CLI has none).
    dts: { entry: { index: 'src/index.ts', schemas: 'src/schemas.ts', http: 'src/http.ts', testing: 'src/testing.ts', 'testing-fast-check': 'src/testing-fast-check.ts', node: 'src/node.ts' } },
    // No clean here: the builds run at once, and one cleaning dist/ would take the others' files
    // with it (the build script empties dist/ before tsup).
  },
  // The EU entry: the main source with the EU rule pack and the EU tax-ID modules, standalone.
  { ...library, format: ['esm', 'cjs'], entry: { eu: 'src/eu.ts' }, esbuildPlugins: [asciiDecimalPlugin, euPackPlugin], splitting: false },
  // The ECB entry: the ECB's euro reference rates and what reads them, standalone (no engine,
  // no rule data; the rates are in no other entry). The HTTP handler imports it by the
  // package's own name when a document first needs a reference rate, so that the main
  // entries' chunks stay as they are.
  { ...library, format: ['esm', 'cjs'], entry: { ecb: 'src/ecb.ts' }, splitting: false },
]);
