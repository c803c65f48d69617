/**
 * PO-box and unique ZIP codes (a post office's boxes, a large organisation's own ZIP code)
 * have no Census ZIP Code Tabulation Area, so the Census overlaps that place every other
 * ZIP code give them no rate area. open-sales-tax 4cfd3c2 (Apache-2.0;
 * ../shared/sources/us/opensalestax/curated_local_rates.csv) lists, for many cities, every
 * ZIP code of the city, these included. A ZIP code that is in no Census area and that
 * exactly one city row of that table names is placed in that city: in the rate area that
 * holds most of the city's ZIP codes' shares, or, when the city levies no tax of its own in
 * the file, in its county's most common area outside cities. Its share is 100.
 *
 * Used by scripts/import-us-local.ts on each file it builds, and by
 * scripts/import-us-pobox.ts on the files as they are (it adds a ZIP code the file does not
 * have, and rewrites its note: running it twice changes nothing).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UsLocalFile } from '../src/core/rule-data.js';
import { cityKey } from '../src/core/us-local.js';
import { zipState } from '../src/core/rule-checks.js';
import { csv } from './csv.js';

/** The note a file carries for the ZIP codes placed here, up to the list. */
export const PO_BOX_NOTE = 'ZIP codes without a Census area (PO-box and unique ZIP codes) placed in the city whose ZIP list in open-sales-tax 4cfd3c2 (Apache-2.0, ../shared/sources/us/opensalestax/curated_local_rates.csv) names them, at a share of 100:';

export interface PoBoxSource {
  /** ZIP code → the city rows naming it: [state, city, county]. */
  readonly named: ReadonlyMap<string, readonly [string, string, string][]>;
  /** Every ZIP code with a Census area. */
  readonly zctas: ReadonlySet<string>;
  readonly ranges: readonly (readonly [number, number, string])[];
}

export function loadPoBoxSource(srcDir: string, zipStatesFile = 'rules/us/zip-states.json'): PoBoxSource {
  const named = new Map<string, [string, string, string][]>();
  for (const r of csv(join(srcDir, 'opensalestax/curated_local_rates.csv'))) {
    if (r.jurisdiction_type !== 'city') continue;
    for (const zip of (r.zip5s ?? '').split(';')) {
      if (!/^\d{5}$/.test(zip)) continue;
      const list = named.get(zip) ?? [];
      list.push([r.state as string, r.name as string, r.county as string]);
      named.set(zip, list);
    }
  }
  const zctas = new Set(csv(join(srcDir, 'opensalestax/census_zcta_county.csv')).map((r) => r.zip5 as string));
  const ranges = (JSON.parse(readFileSync(zipStatesFile, 'utf8')) as { ranges: [number, number, string][] }).ranges;
  return { named, zctas, ranges };
}

/** The area (codes) holding the largest summed share among rows that pass `take`, or null. */
function commonArea(file: UsLocalFile, take: (codes: string[]) => boolean): string | null {
  const weight = new Map<string, number>();
  for (const [, codes, share] of file.zips) if (take(codes.split(' '))) weight.set(codes, (weight.get(codes) ?? 0) + share);
  let best: string | null = null;
  let most = -1;
  for (const [codes, w] of [...weight].sort((a, b) => a[0].localeCompare(b[0]))) if (w > most) [best, most] = [codes, w];
  return best;
}

/**
 * Adds the file's PO-box and unique ZIP codes (see the module comment) and its note; answers
 * the ZIP codes added with their city, and those named but not placed with the reason.
 */
export function addPoBoxZips(file: UsLocalFile, source: PoBoxSource): { added: [string, string][]; skipped: [string, string][] } {
  const have = new Set(file.zips.map((z) => z[0]));
  const added: [string, string][] = [];
  const skipped: [string, string][] = [];
  const cities = new Map<string, string[]>();
  for (const j of file.jurisdictions) if (j.level === 'city') cities.set(cityKey(j.name), [...(cities.get(cityKey(j.name)) ?? []), j.code]);
  const counties = new Map(file.jurisdictions.filter((j) => j.level === 'county').map((j) => [j.name.toLowerCase(), j.code]));
  const previous = new Map<string, string>();
  for (const note of file.notes ?? []) if (note.startsWith(PO_BOX_NOTE)) for (const m of note.slice(PO_BOX_NOTE.length).matchAll(/(\d{5}) \(([^)]+)\)/g)) previous.set(m[1] as string, m[2] as string);
  for (const [zip, named] of [...source.named].sort((a, b) => a[0].localeCompare(b[0]))) {
    const here = named.filter((n) => n[0] === file.state);
    if (here.length === 0 || source.zctas.has(zip)) continue;
    if (have.has(zip)) {
      if (previous.has(zip)) added.push([zip, previous.get(zip) as string]);
      continue;
    }
    if (zipState(source.ranges, Number(zip)) !== file.state) {
      skipped.push([zip, `not a ${file.state} ZIP code in rules/us/zip-states.json`]);
      continue;
    }
    if (new Set(here.map((n) => n[1])).size > 1) {
      skipped.push([zip, `named by several cities: ${here.map((n) => n[1]).join(', ')}`]);
      continue;
    }
    const [, city, county] = here[0] as [string, string, string];
    const codes = cities.get(cityKey(city)) ?? [];
    let area: string | null = null;
    if (codes.length > 1) {
      skipped.push([zip, `${city} is the name of several cities of the file`]);
      continue;
    }
    if (codes.length === 1) area = commonArea(file, (c) => c.includes(codes[0] as string));
    else {
      const code = counties.get(county.toLowerCase());
      if (code === undefined) {
        skipped.push([zip, `neither ${city} nor ${county} is in the file`]);
        continue;
      }
      area = commonArea(file, (c) => c[0] === code && !c.some((x) => x.startsWith('p'))) ?? commonArea(file, (c) => c[0] === code);
    }
    if (area === null) {
      skipped.push([zip, `no rate area of ${city} in the file`]);
      continue;
    }
    file.zips.push([zip, area, 100]);
    added.push([zip, city]);
  }
  file.zips.sort((a, b) => a[0].localeCompare(b[0]) || b[2] - a[2] || a[1].localeCompare(b[1]));
  const notes = (file.notes ?? []).filter((n) => !n.startsWith(PO_BOX_NOTE));
  if (added.length > 0) notes.push(`${PO_BOX_NOTE} ${added.map(([z, c]) => `${z} (${c})`).join(', ')}.`);
  file.notes = notes;
  return { added, skipped };
}
