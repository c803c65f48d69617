/**
 * Writes rules/evidence/calling-codes.json: which country a phone number's international
 * prefix names (E.164 country calling codes), and, where several countries share a code
 * (+1 the NANP, +7 Russia and Kazakhstan, +44 the UK and the Crown Dependencies, +358
 * Finland and Åland, …), how the national number tells them apart.
 *
 * Origin: the numbering-plan metadata of Google's libphonenumber (Apache License 2.0, which
 * allows redistribution with notice), as compiled in the npm package libphonenumber-js (MIT
 * licence), a dev dependency used only here: ITU-T E.164 assigned codes, the NANP
 * administrator's area codes per country, and the national regulators' plans. Rerun with a
 * newer libphonenumber-js to refresh: `npx tsx scripts/import-calling-codes.ts`. The
 * `territories` of the file (prefixes of land lines in special tax territories) are ours,
 * kept from the previous file with their sources. Then `npm run rules:format`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface Metadata {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown[]>;
}

const require = createRequire(import.meta.url);
const meta = require('libphonenumber-js/metadata.max.json') as Metadata;
const pkg = require('libphonenumber-js/package.json') as { version: string };
const OUT = 'rules/evidence/calling-codes.json';
const today = process.argv.includes('--checked') ? process.argv[process.argv.indexOf('--checked') + 1]! : new Date().toISOString().slice(0, 10);

/**
 * Regions of the numbering plans that are not ISO 3166-1 countries: Ascension (AC) and
 * Tristan da Cunha (TA) are parts of Saint Helena, Ascension and Tristan da Cunha (SH).
 */
const ISO_COUNTRY: Record<string, string> = { AC: 'SH', TA: 'SH' };

/** Index of the leading digits and of the number types in libphonenumber-js's compressed country array. */
const LEADING = 10;
const TYPES = 11;

const codes: Record<string, { countries: { country: string; leading_digits?: string; patterns?: string[] }[] }> = {};
for (const [code, countries] of Object.entries(meta.country_calling_codes).sort((a, b) => Number(a[0]) - Number(b[0]))) {
  const seen = new Set<string>();
  const regions = countries.filter((c) => {
    const iso = ISO_COUNTRY[c] ?? c;
    if (seen.has(iso)) return false;
    seen.add(iso);
    return true;
  });
  codes[code] = {
    countries: regions.map((region) => {
      const country = ISO_COUNTRY[region] ?? region;
      if (regions.length === 1) return { country };
      const a = meta.countries[region]!;
      const leading = a[LEADING];
      const types = ((a[TYPES] as unknown[] | undefined) ?? []).map((t) => (Array.isArray(t) ? (t[0] as string) : null)).filter((t): t is string => typeof t === 'string' && t !== '');
      return typeof leading === 'string' && leading !== '' ? { country, leading_digits: leading } : { country, patterns: types };
    }),
  };
}

const previous = existsSync(OUT) ? (JSON.parse(readFileSync(OUT, 'utf8')) as { territories?: unknown }) : {};
const file = {
  $schema: '../schema/calling-codes.schema.json',
  source: `ITU-T E.164 country calling codes and national numbering plans, as compiled in Google libphonenumber's metadata (Apache-2.0) in libphonenumber-js ${pkg.version} (MIT)`,
  checked: today,
  note: "For a code several countries share, the countries are tried in order: a country with leading_digits takes a national number (the number without the calling code) that starts with them; one without takes a number that matches one of its patterns in full. A number no country takes is not placed.",
  codes,
  territories: previous.territories ?? [],
};
writeFileSync(OUT, `${JSON.stringify(file, null, 2)}\n`);
console.log(`wrote ${OUT}: ${Object.keys(codes).length} calling codes`);
