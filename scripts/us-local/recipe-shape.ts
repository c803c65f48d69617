import { join } from 'node:path';
import { dayNumber } from '../../src/core/dates.js';
import { Recipe } from './kinds.js';
import { california } from './states/ca.js';
import { colorado } from './states/co.js';
import { idaho } from './states/id.js';
import { louisiana } from './states/la.js';
import { tennessee } from './states/tn.js';
import { texas } from './states/tx.js';
import { virginia } from './states/va.js';
import { vermont } from './states/vt.js';
import { washington } from './states/wa.js';

/**
 * The shape of a recipe's JSON: a type, a date, a rate (a percent, "2.25"), a list of strings,
 * a template (a string whose placeholders are among those named; a name ending in ":" stands
 * for any "{name:…}"), one of some strings, or an object of fields (a name ending in "?" may
 * be left out), a list or a table (any keys) of a shape.
 */
export type Shape = 'string' | 'boolean' | 'number' | 'date' | 'rate' | 'string[]' | { template: readonly string[] } | { oneOf: readonly string[] } | { fields: Fields } | { list: Shape } | { table: Shape };
export type Fields = Readonly<Record<string, Shape>>;

export const SOURCING: Shape = { oneOf: ['origin', 'destination'] };
export const STRING_TABLE: Shape = { table: 'string' };
/** The fields of a ProseRecipe, its templates with these placeholders. */
export function proseFields(...placeholders: string[]): Fields {
  const template: Shape = { template: ['taxlocus', 'asOf', 'from', ...placeholders] };
  return { sources: { table: template }, source: 'string', sourcing: SOURCING, 'sourcingNote?': template, complete: 'boolean', coverage: template, notes: { list: template } };
}
export const PERIODS: Shape = { list: { fields: { from: 'date', rate: 'rate', 'source?': 'string', 'checked?': 'date', 'note?': 'string' } } };
export const CHOICES: Shape = { table: { fields: { 'from?': 'date', source: 'string', checked: 'date', note: 'string' } } };
export const CAP: Shape = { fields: { amount: 'string', currency: 'string', 'apportion?': 'boolean', 'supplies?': { list: { oneOf: ['goods', 'digital', 'services'] } }, source: 'string', 'checked?': 'date', note: 'string' } };

/** The fields of open-sales-tax's table that a recipe of it names (OstOptions, the "ost" and "texas" kinds). */
export const OST_TABLE: Fields = { publisher: 'string', from: 'date', asOf: 'boolean', sourcing: SOURCING, 'sourcingNote?': 'string', complete: 'boolean' };

/** The fields of each kind's recipe (beside kind, state and $comment). */
export const RECIPE_FIELDS: { readonly [K in Recipe['kind']]: Fields } = {
  ost: {
    ...OST_TABLE,
    coverage: 'string',
    'districtCounties?': { table: 'string[]' },
    'countyCheck?': 'string',
    'countyChoices?': CHOICES,
    'listedCities?': { fields: { from: 'date', publisher: 'string', semantics: { oneOf: ['own', 'combined'] }, list: 'string', rule: 'string', coverage: { template: ['cities', 'added'] }, 'choices?': CHOICES } },
    'sources?': STRING_TABLE,
    'singleArticleCap?': CAP,
  },
  taxlocus: {
    publisher: 'string',
    sourcing: SOURCING,
    'sourcingNote?': 'string',
    complete: 'boolean',
    'cities?': 'boolean',
    'noCountyTax?': 'boolean',
    coverage: 'string',
    'notes?': 'string[]',
    'districts?': { list: { fields: { row: 'string', name: 'string', counties: 'string[]' } } },
  },
  'sst-counties': { publisher: 'string', sourcing: SOURCING, 'sourcingNote?': 'string', 'noCountyTax?': 'boolean', coverage: 'string', 'notes?': 'string[]' },
  sst: {
    file: 'string',
    publisher: 'string',
    start: 'date',
    sourcing: SOURCING,
    'sourcingNote?': 'string',
    complete: 'boolean',
    coverage: 'string',
    notes: 'string[]',
    'sources?': STRING_TABLE,
    'earlier?': { table: { fields: { from: 'date', source: 'string', 'note?': 'string' } } },
    'cities?': { table: { fields: { place: 'string', 'counties?': 'string[]' } } },
    districts: { table: { fields: { name: 'string', 'counties?': 'string[]', 'places?': 'string[]', 'exceptPlaces?': 'string[]', 'placeParts?': 'string[]' } } },
    skip: STRING_TABLE,
  },
  counties: { from: 'date', ...proseFields(), counties: { table: PERIODS }, 'countyNotes?': STRING_TABLE },
  washington: { from: 'date', ...proseFields('left') },
  'new-mexico': { from: 'date', ...proseFields('skipped'), skipNames: 'string[]', aliases: STRING_TABLE },
  vermont: {
    from: 'date',
    ...proseFields('added', 'tableFrom'),
    rate: 'rate',
    listed: { table: { fields: { from: 'date', 'rescinded?': 'date' } } },
    tableTowns: { fields: { from: 'date', source: 'string' } },
    notInTable: { table: { fields: { 'note?': 'string' } } },
  },
  idaho: {
    from: 'date',
    ...proseFields(),
    published: { table: { fields: { source: 'string', why: 'string' } } },
    disagreement: { fields: { published: { template: ['city', 'other', 'rate', 'why'] }, unpublished: { template: ['city', 'other', 'rate'] } } },
  },
  virginia: { ...proseFields(), groups: { table: { fields: { 'regions?': { table: 'rate' }, 'countyRate?': 'rate' } } } },
  'north-carolina': {
    table: 'string',
    ...proseFields('table'),
    districts: { list: { fields: { row: 'string', name: 'string', counties: 'string[]' } } },
    later: { table: { fields: { from: 'date', source: 'string', note: 'string' } } },
  },
  louisiana: { from: 'date', ...proseFields('wide', 'outside', 'cities', 'parishes', 'left'), names: STRING_TABLE, leftOut: STRING_TABLE },
  colorado: {
    from: 'date',
    ...proseFields('cities', 'parts', 'unmatched'),
    districts: { list: { fields: { name: 'string', rate: 'rate', source: 'string', 'counties?': 'string[]', 'places?': 'string[]', 'exceptPlaces?': 'string[]', 'unincorporated?': 'string[]', 'placeParts?': 'string[]' } } },
    rtd: 'string',
    split: { table: { fields: { county: 'string', 'own?': 'rate', 'rtd?': { oneOf: ['part', 'folded'] }, 'extra?': 'rate' } } },
    whole: 'string[]',
    aliases: STRING_TABLE,
    overrides: { table: PERIODS },
    cityNotes: STRING_TABLE,
    countyNotes: { table: { template: ['rate'] } },
  },
  california: {
    rateTable: 'string',
    tableFrom: 'date',
    baseRate: 'rate',
    publication: 'string',
    ...proseFields('publication'),
    aliases: STRING_TABLE,
    changes: { list: { fields: { 'county?': 'string', 'city?': 'string', rate: 'rate', from: 'date', 'until?': 'date', source: 'string', note: 'string' } } },
  },
  texas: {
    ...OST_TABLE,
    list: { fields: { from: 'date', source: 'string' } },
    sources: { table: { template: ['taxlocus', 'asOf', 'listFrom'] } },
    coverage: { template: ['taxlocus', 'asOf', 'listFrom', 'counties', 'cities'] },
    notes: { list: { template: ['taxlocus', 'asOf', 'listFrom'] } },
    localCap: 'rate',
    aliases: STRING_TABLE,
    disagreement: { fields: { withCounty: { template: ['ost', 'listed', 'county'] }, withoutCounty: { template: ['ost', 'listed'] } } },
  },
  'puerto-rico': { from: 'date', ...proseFields(), rate: 'rate', municipios: 'number', poBoxes: { fields: { name: 'string', note: 'string' } } },
  tennessee: {
    from: 'date',
    ...proseFields('unknown'),
    singleArticleCap: CAP,
    noPlace: STRING_TABLE,
    own: { table: { fields: { rate: 'rate', note: 'string' } } },
    situs: { table: { fields: { city: 'string', 'note?': 'string' } } },
    transitSurcharge: { fields: { name: 'string', county: 'string', codePrefix: 'string', rows: 'number', rate: 'rate', source: 'string', note: 'string' } },
    cityNotes: { table: { template: ['situs:'] } },
    countyNotes: STRING_TABLE,
  },
};

/** Checks `value` against `shape`; stops with the file and the field where it does not fit. */
export function checkShape(value: unknown, shape: Shape, file: string, path: string): void {
  const fail = (what: string): never => {
    throw new Error(`${file}: ${path === '' ? 'the recipe' : path}: ${what}`);
  };
  const at = (key: string): string => (path === '' ? key : `${path}.${key}`);
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (shape === 'string[]') {
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) fail('not a list of strings');
  } else if (shape === 'rate') {
    if (typeof value !== 'string' || !/^(0|[1-9]\d*)(\.\d*[1-9])?$/.test(value)) fail(`${JSON.stringify(value)} is not a rate (a percent such as "2.25")`);
  } else if (shape === 'date') {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(dayNumber(value))) fail(`${JSON.stringify(value)} is not a date (YYYY-MM-DD)`);
  } else if (typeof shape === 'string') {
    if (typeof value !== shape) fail(`not a ${shape}`);
  } else if ('template' in shape) {
    if (typeof value !== 'string') fail('not a string');
    for (const [m, name] of (value as string).matchAll(/\{([^{}]*)\}/g)) if (!shape.template.some((t) => (t.endsWith(':') ? (name as string).startsWith(t) : t === name))) fail(`unknown placeholder ${m} (known: ${shape.template.map((t) => `{${t}}`).join(', ')})`);
  } else if ('oneOf' in shape) {
    if (typeof value !== 'string' || !shape.oneOf.includes(value)) fail(`${JSON.stringify(value)} is not one of ${shape.oneOf.join(', ')}`);
  } else if ('list' in shape) {
    if (!Array.isArray(value)) fail('not a list');
    (value as unknown[]).forEach((v, i) => checkShape(v, shape.list, file, at(String(i))));
  } else if ('table' in shape) {
    if (!isObject(value)) fail('not an object');
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) checkShape(v, shape.table, file, at(k));
  } else {
    if (!isObject(value)) fail('not an object');
    const o = value as Record<string, unknown>;
    const known = new Map(Object.entries(shape.fields).map(([k, s]) => [k.replace(/\?$/, ''), { shape: s, optional: k.endsWith('?') }]));
    for (const k of Object.keys(o)) if (k !== '$comment' && !known.has(k)) fail(`unknown field ${k}`);
    if (o.$comment !== undefined && typeof o.$comment !== 'string') fail('$comment is not a string');
    for (const [k, f] of known) {
      if (o[k] === undefined) {
        if (!f.optional) fail(`no field ${k}`);
      } else checkShape(o[k], f.shape, file, at(k));
    }
  }
}

