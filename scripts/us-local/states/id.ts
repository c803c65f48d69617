import { COUNTY_NAMES, OST, TAXLOCUS, nameKey, placeNamed } from '../inputs.js';
import { ProseRecipe, fill, proseOf } from '../recipe.js';
import { Rate, StateRates, plainRate, sstPercent } from '../state-rates.js';

/** Idaho: the resort cities that tax general retail sales (TaxLocus's table, checked against the State Tax Commission's and the cities' publications). */
export function idaho(recipe: IdRecipe): StateRates {
  const rows = TAXLOCUS.filter((r) => r.state === 'ID');
  const counties = new Map<string, Rate>();
  for (const [geoid] of COUNTY_NAMES) if (geoid.startsWith('16')) counties.set(geoid, '0');
  const cities = new Map<string, Rate>();
  const notes = new Map<string, string>();
  const ost = new Map(OST.filter((r) => r.state === 'ID').map((r) => [nameKey(r.name as string), plainRate(r.rate_pct as string)]));
  for (const r of rows.filter((x) => x.jurisdiction_type === 'city')) {
    const place = placeNamed('ID', r.name as string);
    if (!place) throw new Error(`ID: no place ${r.name}`);
    const rate = sstPercent(r.rate as string);
    // Where the State Tax Commission or the city publishes the rate on general retail sales.
    const pub = recipe.published[r.name as string];
    cities.set(place.geoid, pub ? [{ from: recipe.from, rate, source: pub.source }] : rate);
    const other = ost.get(nameKey(r.name as string));
    if (other !== undefined && other !== rate) notes.set(place.geoid, fill(pub ? recipe.disagreement.published : recipe.disagreement.unpublished, { city: r.name as string, other, rate, why: pub?.why ?? '' }));
  }
  return {
    state: 'ID',
    ...proseOf(recipe, recipe.from, {}),
    counties,
    cities,
    districts: [],
    jurisdictionNotes: notes,
  };
}

/** kind "idaho": the resort cities of TaxLocus's table, checked against open-sales-tax's and the publications named (idaho()). */
export interface IdRecipe extends ProseRecipe {
  kind: 'idaho';
  from: string;
  /** City → the source of its rate on general retail sales where the State Tax Commission or the city publishes it, and the words that say so. */
  published: Record<string, { source: string; why: string }>;
  /** The note where open-sales-tax gives a city another rate, for a city of `published` and for another: {city}, {other}, {rate}, {why}. */
  disagreement: { published: string; unpublished: string };
}
