/**
 * Builds rules/us/zip-states.json (ZIP code → state) from the Census 2020 ZCTA-to-county
 * relationship file and the USPS list of PO-box-only ZIP codes (public domain).
 *
 * ZCTAs approximate ZIP codes. Within a 3-digit ZIP prefix served by one state, every ZIP
 * is given to that state (ZIPs are allocated by prefix, so an unlisted ZIP of the prefix
 * cannot belong elsewhere); in prefixes shared by several states only listed ZIPs and the
 * gaps between two ZIPs of the same state are assigned. Puerto Rico, a territory with its own
 * sales tax, is taken like a state; military (AA/AE/AP) prefixes and the other territories
 * stay unassigned.
 *
 * A ZCTA that crosses a state line is listed under each state. Its ZIP is given the state
 * that holds most ZIPs of its 3-digit prefix: a prefix is the sectional center of one
 * state, whose post office serves the ZIP (Sheridan WY 82801 reaches into Montana, Walla
 * Walla WA 99362 into Oregon). Taking the first state listed gave 69 of the 137 such ZIPs
 * to the neighbour; the rule below agrees with the USPS state of all 137.
 *
 * ZIPs that deliver to no area (the IRS's 73301 Austin TX, 00501 Holtsville NY, 05501
 * Andover MA; government agencies; large firms' own ZIPs) have no ZCTA. Where a whole
 * prefix is such ZIPs, UNIQUE_PREFIXES gives its state.
 *
 * Usage: tsx scripts/import-us-zip-states.ts [SOURCE_DIR]
 *   SOURCE_DIR defaults to ../shared/sources/us/opensalestax
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatRuleFile } from './rule-format.js';

const dir = process.argv[2] ?? '../shared/sources/us/opensalestax';
const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(' '),
);

function rows(file: string): string[][] {
  return readFileSync(join(dir, file), 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
}

/**
 * 3-digit prefixes of the USPS's ZIP Code allocation (the sectional centers of Publication 65
 * and the labeling lists) whose ZIPs are all unique or PO-box ZIPs: no ZCTA lists them.
 * Checked (2026-11-23) against the USPS city and state of every ZIP of these prefixes in
 * the data of the npm package zipcodes 8.0.0 (BSD, compiled from the USPS's list by
 * federalgovernmentzipcodes.us), used for the check only. Not listed: unique ZIPs inside
 * prefixes shared by two states (El Paso's 799xx firm ZIPs, …), which stay unassigned and
 * are refused rather than guessed.
 */
const UNIQUE_PREFIXES: Readonly<Record<string, string>> = {
  '005': 'NY', // Holtsville: IRS (00501, 00544)
  '055': 'MA', // Andover: IRS (05501, 05544), a Massachusetts prefix among Vermont's
  '192': 'PA', // Philadelphia: IRS and firms
  '311': 'GA', // Atlanta: firms and agencies
  '332': 'FL', // Miami: PO boxes and firms
  '375': 'TN', // Memphis: IRS
  '399': 'GA', // Atlanta: IRS (39901)
  '459': 'OH', // Cincinnati: IRS (45999)
  '509': 'IA', // Des Moines: firms and agencies
  '555': 'MN', // Young America: rebate and mail processing firms
  '569': 'DC', // Washington: parcel return service
  '649': 'MO', // Kansas City: IRS
  '733': 'TX', // Austin: IRS (73301, 73344)
  '842': 'UT', // Ogden: IRS (84201, 84244)
  '876': 'NM', // Spaceport City
  '885': 'TX', // El Paso: PO boxes and firms
  '889': 'NV', // Las Vegas (The Lakes): firms
  '901': 'CA', // Los Angeles: PO boxes and firms
  '938': 'CA', // Fresno: IRS
  '942': 'CA', // Sacramento: state government
};

// Every state a ZIP's ZCTA lies in, in the order the files list them.
const statesOf = new Map<number, string[]>();
for (const [zip, state] of [...rows('census_zcta_county.csv'), ...rows('usps_po_box_zips.csv')]) {
  if (!zip || !state || !STATES.has(state)) continue;
  const z = Number(zip);
  const list = statesOf.get(z);
  if (list === undefined) statesOf.set(z, [state]);
  else if (!list.includes(state)) list.push(state);
}

// How many ZIPs of each prefix lie (wholly or in part) in each state.
const prefixCounts = new Map<number, Map<string, number>>();
for (const [z, states] of statesOf) {
  const p = Math.floor(z / 100);
  let counts = prefixCounts.get(p);
  if (counts === undefined) prefixCounts.set(p, (counts = new Map()));
  for (const s of states) counts.set(s, (counts.get(s) ?? 0) + 1);
}

const stateOf = new Map<number, string>();
for (const [z, states] of statesOf) {
  const counts = prefixCounts.get(Math.floor(z / 100))!;
  // The state with most ZIPs in the prefix; the first listed of equals.
  let best = states[0]!;
  for (const s of states) if (counts.get(s)! > counts.get(best)!) best = s;
  stateOf.set(z, best);
}

const byPrefix = new Map<number, Set<string>>();
for (const [z, s] of stateOf) {
  const p = Math.floor(z / 100);
  if (!byPrefix.has(p)) byPrefix.set(p, new Set());
  byPrefix.get(p)!.add(s);
}
for (const [prefix, state] of Object.entries(UNIQUE_PREFIXES)) {
  const p = Number(prefix);
  if (byPrefix.has(p)) throw new Error(`prefix ${prefix} has ZCTAs now: remove it from UNIQUE_PREFIXES`);
  byPrefix.set(p, new Set([state]));
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
    'U.S. Census Bureau, 2020 ZCTA to County Relationship File (tab20_zcta520_county20_natl), USPS PO-box-only ZIP codes, and the USPS 3-digit prefixes of unique ZIPs only (IRS, agencies, firms); public domain',
  checked: '2026-11-23',
  ranges,
};
writeFileSync('rules/us/zip-states.json', formatRuleFile(out));
console.log(`${stateOf.size} ZIP codes → ${ranges.length} ranges`);
