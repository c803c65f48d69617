import { defineConfig, type Options } from 'tsup';
import { euPackPlugin } from './scripts/entry-plugins.js';

/** What every library entry shares. */
const library: Options = {
  format: ['esm', 'cjs'],
  dts: true,
  // No source maps in the package: they would double its size for a minified bundle.
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  treeshake: true,
  // One pre-bundled file per entry: a cold start loads one module, not hundreds. zod stays
  // a dependency for the types (the .d.ts refers to zod/mini); date-fns is only bundled.
  noExternal: ['zod', 'date-fns'],
  // fast-check is the testing entry's peer dependency: the user's copy, never bundled.
  external: ['fast-check'],
  minify: true,
  // Each entry stands alone (no shared chunks), so importing one loads one file.
  splitting: false,
};

export default defineConfig([
  { ...library, entry: { index: 'src/index.ts', schemas: 'src/schemas.ts', http: 'src/http.ts', testing: 'src/testing.ts' }, clean: true },
  // The main source with the EU rule pack and the EU tax-ID modules.
  { ...library, entry: { eu: 'src/eu.ts' }, esbuildPlugins: [euPackPlugin] },
  {
    entry: { cli: 'src/cli/index.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    noExternal: ['zod', 'date-fns'],
    sourcemap: false,
  },
]);
