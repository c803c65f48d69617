/**
 * The library-call floor: what any engine must do at least — read an input object, two
 * nested Map lookups, a ZIP range search in an Int32Array, an integer minor-unit tax and a
 * result object. Nothing of taxrules is used.
 */
const rates = new Map<string, Map<string, number>>();
for (const [country, region, units] of [
  ['DE', '', 190_000],
  ['FR', '', 200_000],
  ['US', 'TX', 62_500],
  ['US', 'NY', 40_000],
  ['CA', 'QC', 50_000],
] as const) {
  let m = rates.get(country);
  if (!m) rates.set(country, (m = new Map()));
  m.set(region, units);
}
const starts = new Int32Array(Array.from({ length: 40_000 }, (_, i) => i * 2));
const regionOf = ['TX', 'NY'];

function zipIndex(zip: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= zip) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi;
}

export interface FloorInput {
  country: string;
  zip: number;
  amountMinor: number;
}

export function floorQuote(input: FloorInput): { rate: number; tax: number; total: number; region: string } {
  const region = input.country === 'US' ? (regionOf[zipIndex(input.zip) & 1] as string) : '';
  const units = rates.get(input.country)?.get(region) ?? 0;
  const tax = Math.round((input.amountMinor * units) / 1_000_000);
  return { rate: units / 10_000, tax, total: input.amountMinor + tax, region };
}
