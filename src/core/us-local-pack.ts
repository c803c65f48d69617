/**
 * The packed text of a US local file (rules/us/local/<ST>.json): the same data in about a
 * quarter of the JSON, so that the default entry loads and a state's first quote parses
 * less. Jurisdictions become [code, name, periods] (the id and level follow from the code;
 * a period is "rate|from|source|checked" with the file's most common values left empty),
 * and ZIP rows become a flat list of numbers over a list of the file's distinct areas. A jurisdiction
 * with fields beyond these stays an object as it is. `decodeUsLocal(encodeUsLocal(f))`
 * equals `f`: the pack checks it for every file it writes.
 */
import type { UsLocalRules } from './rule-data.js';
import { localId, type UsLocalRows } from './us-local.js';
import { ownData } from './own.js';

type Jurisdiction = UsLocalRules['jurisdictions'][number];
type Period = Jurisdiction['rates'][number];

interface PackedUsLocal {
  /** The file's keys in their order. */
  k: string[];
  /** Every field but the jurisdictions and the ZIP rows, as it is. */
  h: Record<string, unknown>;
  /** The state's jurisdiction id (the ids follow from it and the codes: see localId). */
  i: number;
  /** The most common `from`, `source` and `checked` of the periods. */
  d: [string, string, string];
  j: ([string, string, string[]] | Jurisdiction)[];
  /** Distinct areas (space-separated codes). */
  a: string[];
  /** ZIP rows, flat: the ZIP's step from the row before (0: the same ZIP), the area's index, its share. */
  z: number[];
}

const LEVEL = { c: 'county', p: 'city', d: 'district' } as const;
const PLAIN_JURISDICTION = 'code,id,name,level,rates';
const PLAIN_PERIOD = /^(from,rate,source,checked)$/;

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  let best = '';
  let most = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > most) [best, most] = [v, n];
  }
  return best;
}

/** The packed JSON text of a local file (see the module comment), the jurisdiction id of whose state is `stateId`. */
export function encodeUsLocal(file: UsLocalRules, stateId: number): string {
  const periods = file.jurisdictions.flatMap((j) => j.rates);
  const d: PackedUsLocal['d'] = [mostCommon(periods.map((p) => p.from)), mostCommon(periods.map((p) => p.source)), mostCommon(periods.map((p) => p.checked))];
  const plain = (j: Jurisdiction): boolean =>
    Object.keys(j).join(',') === PLAIN_JURISDICTION &&
    j.level === LEVEL[j.code[0] as keyof typeof LEVEL] &&
    j.id === localId(stateId, j.code) &&
    j.rates.every((p) => PLAIN_PERIOD.test(Object.keys(p).join(',')) && !`${p.rate}${p.from}${p.source}${p.checked}`.includes('|'));
  const j = file.jurisdictions.map((x) => (plain(x) ? ([x.code, x.name, x.rates.map((p) => [p.rate, p.from === d[0] ? '' : p.from, p.source === d[1] ? '' : p.source, p.checked === d[2] ? '' : p.checked].join('|').replace(/\|+$/, ''))] as [string, string, string[]]) : x));
  const areas = new Map<string, number>();
  let previous = 0;
  const rows: number[] = [];
  for (const [zip, codes, share] of file.zips) {
    let a = areas.get(codes);
    if (a === undefined) areas.set(codes, (a = areas.size));
    const n = Number(zip);
    rows.push(n - previous, a, share);
    previous = n;
  }
  const h: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(file)) if (key !== 'jurisdictions' && key !== 'zips') h[key] = value;
  const packed: PackedUsLocal = { k: Object.keys(file), h, i: stateId, d, j, a: [...areas.keys()], z: rows };
  return JSON.stringify(packed);
}

/** A local file from its packed text. */
export function decodeUsLocal(text: string): UsLocalRules {
  const { rows, keys } = readPacked(text);
  const { file, areas, zip, area, share } = rows;
  const zips: UsLocalRules['zips'] = [];
  let zipText = '';
  for (let i = 0; i < zip.length; i++) {
    if (i === 0 || zip[i] !== zip[i - 1]) zipText = String(zip[i]).padStart(5, '0');
    zips.push([zipText, areas[area[i] as number] as string, share[i] as number]);
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = key === 'zips' ? zips : (file as Record<string, unknown>)[key];
  return out as unknown as UsLocalRules;
}

/** A local file's rows from its packed text (see `UsLocalRows`), without the ZIP rows as objects. */
export function readUsLocal(text: string): UsLocalRows {
  return readPacked(text).rows;
}

/** The rows of a packed text, and the file's keys in their order. */
function readPacked(text: string): { rows: UsLocalRows; keys: readonly string[] } {
  const p = ownData(JSON.parse(text) as PackedUsLocal);
  const [from, source, checked] = p.d;
  const jurisdictions = p.j.map((x): Jurisdiction => {
    if (!Array.isArray(x)) return x;
    const [code, name, rates] = x;
    return {
      code,
      id: localId(p.i, code),
      name,
      level: LEVEL[code[0] as keyof typeof LEVEL],
      rates: rates.map((r): Period => {
        if (!r.includes('|')) return { from, rate: r, source, checked };
        const [rate, f, s, c] = r.split('|');
        return { from: f || from, rate: rate as string, source: s || source, checked: c || checked };
      }),
    };
  });
  const z = p.z;
  const n = z.length / 3;
  const zip = new Int32Array(n);
  const area = new Uint32Array(n);
  const share = new Uint8Array(n);
  let at = 0;
  for (let i = 0, r = 0; i < z.length; i += 3, r++) {
    at += z[i] as number;
    zip[r] = at;
    area[r] = z[i + 1] as number;
    share[r] = z[i + 2] as number;
  }
  // Without a prototype: a field the file leaves out reads as absent, whatever Object.prototype holds.
  const file = Object.create(null) as Record<string, unknown>;
  for (const key of p.k) if (key !== 'zips') file[key] = key === 'jurisdictions' ? jurisdictions : p.h[key];
  return { rows: { file: file as unknown as UsLocalRows['file'], areas: p.a, zip, area, share }, keys: p.k };
}
