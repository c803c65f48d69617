/**
 * Builds rules/us/zip-states.json (ZIP code → state) from the Census 2020 ZCTA-to-county
 * relationship file and the USPS list of PO-box-only ZIP codes (public domain).
 *
 * ZCTAs approximate ZIP codes. Within a 3-digit ZIP prefix served by one state, every ZIP
 * is given to that state (ZIPs are allocated by prefix, so an unlisted ZIP of the prefix
 * cannot belong elsewhere); in prefixes shared by several states only listed ZIPs and the
 * gaps between two ZIPs of the same state are assigned. Military (AA/AE/AP) prefixes are
 * not states and stay unassigned.
 *
 * Usage: tsx scripts/import-us-zip-states.ts [SOURCE_DIR]
 *   SOURCE_DIR defaults to ../shared/sources/us/opensalestax
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatRuleFile } from './rule-format.js';

const dir = process.argv[2] ?? '../shared/sources/us/opensalestax';
const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(' '),
);

function rows(file: string): string[][] {
  return readFileSync(join(dir, file), 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
}

const stateOf = new Map<number, string>();
for (const [zip, state] of [...rows('census_zcta_county.csv'), ...rows('usps_po_box_zips.csv')]) {
  if (!zip || !state || !STATES.has(state)) continue;
  const z = Number(zip);
  if (!stateOf.has(z)) stateOf.set(z, state);
}

const byPrefix = new Map<number, Set<string>>();
for (const [z, s] of stateOf) {
  const p = Math.floor(z / 100);
  if (!byPrefix.has(p)) byPrefix.set(p, new Set());
  byPrefix.get(p)!.add(s);
}

const assigned = new Array<string | undefined>(100_000);
for (const [p, states] of byPrefix) {
  if (states.size === 1) {
    const s = [...states][0]!;
    for (let z = p * 100; z < p * 100 + 100; z++) assigned[z] = s;
  }
}
const known = [...stateOf.keys()].sort((a, b) => a - b);
known.forEach((z, i) => {
  assigned[z] = stateOf.get(z);
  const next = known[i + 1];
  if (next !== undefined && Math.floor(next / 100) === Math.floor(z / 100) && stateOf.get(next) === stateOf.get(z)) {
    for (let g = z + 1; g < next; g++) assigned[g] = stateOf.get(z);
  }
});

const ranges: [number, number, string][] = [];
for (let z = 0; z < 100_000; z++) {
  const s = assigned[z];
  if (!s) continue;
  const last = ranges.at(-1);
  if (last && last[1] === z - 1 && last[2] === s) last[1] = z;
  else ranges.push([z, z, s]);
}

const out = {
  $schema: '../schema/zip-states.schema.json',
  source:
    'U.S. Census Bureau, 2020 ZCTA to County Relationship File (tab20_zcta520_county20_natl), and USPS PO-box-only ZIP codes; public domain',
  checked: '2026-11-23',
  ranges,
};
writeFileSync('rules/us/zip-states.json', formatRuleFile(out));
console.log(`${stateOf.size} ZIP codes → ${ranges.length} ranges`);
