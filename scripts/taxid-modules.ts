import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const TAXID_DIR = 'src/taxid/countries';

/** Each file of the tax-ID module folder (sorted) with the module constants it exports. */
export function taxIdModuleFiles(dir = TAXID_DIR): { file: string; modules: string[] }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .sort()
    .map((file) => ({ file, modules: [...readFileSync(join(dir, file), 'utf8').matchAll(/^export const ([A-Z]{2}): TaxIdModule/gm)].map((m) => m[1] as string) }))
    .filter((f) => f.modules.length > 0);
}
