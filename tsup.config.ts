import { defineConfig, type Options } from 'tsup';
import { euPackPlugin } from './scripts/entry-plugins.js';

/**
 * What every library build shares. The output is readable (not minified: class and function
 * names are kept, a stack frame names a line of a few dozen characters, an uncaught error
 * echoes one short line); the rule texts are one line per rule file.
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
  minify: false,
  // Two functions of one name in different modules keep it (no createRuleSet2 in a stack trace).
  keepNames: true,
};

export default defineConfig([
  // The main entries and the CLI share one engine: common code and the rule data sit in
  // shared chunks, so `taxrules` and `taxrules/http` loaded together load one engine, one
  // rule set and one decision cache. ES modules and CommonJS each have their own chunks.
  {
    ...library,
    format: ['esm', 'cjs'],
    entry: { index: 'src/index.ts', schemas: 'src/schemas.ts', http: 'src/http.ts', testing: 'src/testing.ts', cli: 'src/cli/index.ts' },
    splitting: true,
    // Declarations of the library entries (the CLI has none).
    dts: { entry: { index: 'src/index.ts', schemas: 'src/schemas.ts', http: 'src/http.ts', testing: 'src/testing.ts' } },
    clean: true,
  },
  // The EU entry: the main source with the EU rule pack and the EU tax-ID modules, standalone.
  { ...library, format: ['esm', 'cjs'], entry: { eu: 'src/eu.ts' }, esbuildPlugins: [euPackPlugin], splitting: false },
]);
