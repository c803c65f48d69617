/**
 * The layers of the source, held from its imports: a module imports modules of its own layer
 * or of a lower one, never of a higher one, type imports and re-exports included. From the
 * bottom:
 *
 * 0. core: the rules, the decision, pricing, money, refunds, the caller's option types; the
 *    compiled rule data (`generated/`), the default rule set and the schemas' types.
 * 1. the sources core does not decide with: tax IDs (`taxid/`, with their generated tables)
 *    and the ECB's reference rates (`ecb/`).
 * 2. adapters: the two API forms' requests and answers (`adapters/`), and the modules of the
 *    calculation API beside them (boundary, calculator, catalog, accounts, registrations).
 * 3. the checks read with the adapters: US economic nexus (`us/`) and compliance
 *    (`compliance/`: evidence, thresholds, advice).
 * 4. documents (`documents/`), which record the evidence of a sale.
 * 5. what callers run: the HTTP handler, the test kit, the CLI and the package's entry points.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve('src');

/** The layer of each folder of src/, and of each module at its top. */
const FOLDERS: Record<string, number> = { core: 0, generated: 0, taxid: 1, ecb: 1, adapters: 2, us: 3, compliance: 3, documents: 4, http: 5, testing: 5, cli: 5 };
const TOP: Record<string, number> = {
  'default-rules.ts': 0,
  'schema-types.ts': 0,
  'boundary.ts': 2,
  'calculator.ts': 2,
  'catalog.ts': 2,
  'rates-at.ts': 2,
  'account-builder.ts': 2,
  'registrations.ts': 2,
  'safe.ts': 2,
  'schemas.ts': 2,
  'calculation-api.ts': 2,
  'index.ts': 5,
  'eu.ts': 5,
  'ecb.ts': 5,
  'http.ts': 5,
  'testing.ts': 5,
  'testing-fast-check.ts': 5,
  'node.ts': 5,
};
/**
 * Generated modules of a higher layer than core's data: the tax-ID tables are built from
 * taxid/'s modules; the documents' answer types from their schemas, naming the calculation's.
 */
const GENERATED: Record<string, number> = { 'generated/taxid-eu.ts': 1, 'generated/answer-types.ts': 4 };

/** A module's layer (a path relative to src/), or null when no layer names it. */
function layerOf(path: string): number | null {
  if (path in GENERATED) return GENERATED[path] as number;
  const slash = path.indexOf('/');
  if (slash < 0) return TOP[path] ?? null;
  return FOLDERS[path.slice(0, slash)] ?? null;
}

/** The imports that run up the layers: `from → to` for each edge whose target is of a higher layer than its source. */
function upward(edges: readonly (readonly [string, string])[]): string[] {
  return edges.filter(([from, to]) => (layerOf(to) as number) > (layerOf(from) as number)).map(([from, to]) => `${from} (layer ${layerOf(from)}) → ${to} (layer ${layerOf(to)})`);
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Static imports and re-exports (type-only ones too) and dynamic imports of a relative module. */
const IMPORT = /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

const files = sourceFiles(SRC).map((f) => relative(SRC, f));

/** Every import from one module of src/ to another, as paths relative to src/. */
function edgesOf(): [string, string][] {
  const known = new Set(files);
  const edges: [string, string][] = [];
  for (const file of files) {
    const text = readFileSync(join(SRC, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2] ?? m[3]) as string;
      const target = relative(SRC, resolve(SRC, dirname(file), spec.replace(/\.js$/, '.ts')));
      if (known.has(target)) edges.push([file, target]);
    }
  }
  return edges;
}

describe('the layers of the source', () => {
  it('place every module of src/', () => {
    expect(files.filter((f) => layerOf(f) === null)).toEqual([]);
  });

  it('have no import that runs back up', () => {
    const edges = edgesOf();
    // The reading is real: core's modules import each other, and the documents import core.
    expect(edges.some(([from, to]) => from.startsWith('documents/') && to.startsWith('core/'))).toBe(true);
    expect(upward(edges)).toEqual([]);
  });

  it('name an import of a higher layer', () => {
    expect(upward([['adapters/v20260309.ts', 'documents/shipping.ts'], ['taxid/validate.ts', 'adapters/read.ts'], ['documents/credit.ts', 'core/refund.ts']])).toEqual([
      'adapters/v20260309.ts (layer 2) → documents/shipping.ts (layer 4)',
      'taxid/validate.ts (layer 1) → adapters/read.ts (layer 2)',
    ]);
  });
});
