import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject } from 'ajv';
import { dayNumber } from '../../src/core/dates.js';
import { CountiesRecipe, fromCountyPeriods } from './kinds/counties.js';
import { OstRecipe, ostRecipe } from './kinds/ost.js';
import { SstRecipe, fromSst } from './kinds/sst.js';
import { SstCountiesRecipe, TaxLocusRecipe, fromTaxLocus, sstCounties } from './kinds/taxlocus.js';
import { StateRates } from './state-rates.js';
import { CaRecipe, california } from './states/ca.js';
import { CoRecipe, colorado } from './states/co.js';
import { IdRecipe, idaho } from './states/id.js';
import { LaRecipe, louisiana } from './states/la.js';
import { NcRecipe, northCarolina } from './states/nc.js';
import { NmRecipe, newMexico } from './states/nm.js';
import { PrRecipe, puertoRico } from './states/pr.js';
import { TnRecipe, tennessee } from './states/tn.js';
import { TxRecipe, texas } from './states/tx.js';
import { VaRecipe, virginia } from './states/va.js';
import { VtRecipe, vermont } from './states/vt.js';
import { WaRecipe, washington } from './states/wa.js';

export type Recipe = OstRecipe | TaxLocusRecipe | SstCountiesRecipe | SstRecipe | CountiesRecipe | TnRecipe | WaRecipe | NmRecipe | VtRecipe | IdRecipe | VaRecipe | NcRecipe | LaRecipe | CoRecipe | CaRecipe | TxRecipe | PrRecipe;

/** The JSON Schema of the recipes (scripts/us-local/recipe.schema.json), compiled once. */
let validateRecipe: ((value: unknown) => boolean) & { errors?: ErrorObject[] | null } = null as never;

/** Why a value does not fit the recipes' schema, one line a problem. */
function problems(errors: ErrorObject[]): string[] {
  // The `if`/`then` of each kind report a failed `if` beside the kind's own errors: only the latter say what is wrong.
  return errors.filter((e) => e.keyword !== 'if').map((e) => `${e.instancePath === '' ? 'the recipe' : e.instancePath}: ${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as string[]).join(', ')})` : ''}`);
}

/** The recipe of a file, checked against the recipes' JSON Schema and against its file name (`state`). */
export function readRecipe(file: string, state: string): Recipe {
  if (validateRecipe === null) {
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    ajv.addFormat('date', (s: string) => !Number.isNaN(dayNumber(s)));
    validateRecipe = ajv.compile(JSON.parse(readFileSync(fileURLToPath(new URL('recipe.schema.json', import.meta.url)), 'utf8')) as object);
  }
  const value = JSON.parse(readFileSync(file, 'utf8')) as { state?: unknown };
  if (!validateRecipe(value)) throw new Error(`${file} does not fit scripts/us-local/recipe.schema.json:\n  ${problems(validateRecipe.errors ?? []).join('\n  ')}`);
  if (value.state !== state) throw new Error(`${file}: state: ${String(value.state)} is not ${state}`);
  return value as Recipe;
}

/** A state's rates, as the builder its recipe's kind names reads them. */
export function buildRecipe(r: Recipe): StateRates {
  switch (r.kind) {
    case 'ost':
      return ostRecipe(r);
    case 'taxlocus':
      return fromTaxLocus(r.state, r);
    case 'sst-counties':
      return sstCounties(r);
    case 'sst':
      return fromSst(r.state, r);
    case 'counties':
      return fromCountyPeriods(r);
    case 'tennessee':
      return tennessee(r);
    case 'washington':
      return washington(r);
    case 'new-mexico':
      return newMexico(r);
    case 'vermont':
      return vermont(r);
    case 'idaho':
      return idaho(r);
    case 'virginia':
      return virginia(r);
    case 'north-carolina':
      return northCarolina(r);
    case 'louisiana':
      return louisiana(r);
    case 'colorado':
      return colorado(r);
    case 'california':
      return california(r);
    case 'texas':
      return texas(r);
    case 'puerto-rico':
      return puertoRico(r);
    default: {
      // A kind the schema admits that no reader reads: the schema and this list disagree.
      const unknown: never = r;
      throw new Error(`${(unknown as Recipe).state}: no reader of the kind ${(unknown as { kind: string }).kind}`);
    }
  }
}
