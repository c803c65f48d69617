import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CountiesRecipe, fromCountyPeriods } from './kinds/counties.js';
import { OstRecipe, ostRecipe } from './kinds/ost.js';
import { SstRecipe, fromSst } from './kinds/sst.js';
import { SstCountiesRecipe, TaxLocusRecipe, fromTaxLocus, sstCounties } from './kinds/taxlocus.js';
import { RECIPE_FIELDS, checkShape } from './recipe-shape.js';
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

/** The recipe of scripts/us-local/recipes/<ST>.json, its shape checked. */
export function readRecipe(file: string, state: string): Recipe {
  const value = JSON.parse(readFileSync(file, 'utf8')) as { kind?: unknown; state?: unknown };
  const kinds = Object.keys(RECIPE_FIELDS);
  if (typeof value.kind !== 'string' || !kinds.includes(value.kind)) throw new Error(`${file}: kind: ${JSON.stringify(value.kind)} is not one of ${kinds.join(', ')}`);
  checkShape(value, { fields: { kind: 'string', state: 'string', ...RECIPE_FIELDS[value.kind as Recipe['kind']] } }, file, '');
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
  }
}
