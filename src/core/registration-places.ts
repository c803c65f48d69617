/**
 * Where a seller can register: per country code, its jurisdictions at the levels a seller
 * registers at, and the regimes' schemes. `defineAccount` looks a registration up here. The
 * rules build writes these facts into the pack as a short text (`packPlaces`, made from what
 * the compiled rule set answers), so that a first account compiles no country: compiling
 * Ireland and the UK for `[{ country: 'IE' }, { scheme: 'oss' }, { country: 'GB' }]` decompressed
 * and parsed four rule files (and loaded node:zlib) for four ids. A pack without the text,
 * and a rule set made from rule data, answer from the compiled countries.
 */
import type { CompiledJurisdiction, RegistrationPlace, RuleSet } from './compiled.js';
import { TaxRulesError } from './errors.js';

/** Levels a seller registers at besides schemes; US counties, cities and districts are collected under the state's registration. */
const REGISTERED_LEVELS: ReadonlySet<string> = new Set(['country', 'state', 'province', 'territory']);

const NONE: readonly RegistrationPlace[] = Object.freeze([]);

/** The places of compiled jurisdictions: those at a registered level (or schemes, with `schemes`), in their order. */
export function placesOf(jurisdictions: readonly CompiledJurisdiction[], schemes = false): readonly RegistrationPlace[] {
  const kept = jurisdictions.filter((j) => (schemes ? j.level === 'scheme' : REGISTERED_LEVELS.has(j.level)));
  return Object.freeze(kept.map((j) => ({ id: j.id, country: j.country, level: j.level, region: j.region, taxed: j.taxes.length > 0 })));
}

/** Where a seller can register, by country code, and the schemes (see `RuleSet.registrationPlaces`). */
export interface PlaceLookup {
  of(code: string): readonly RegistrationPlace[];
  readonly schemes: readonly RegistrationPlace[];
}

/**
 * The places of a rule set as the pack text gives them, without compiling anything; without
 * the text (null), as `placesOf` reads them from the compiled countries (which keep theirs).
 */
export function placeLookup(text: string | null, rules: RuleSet): PlaceLookup {
  if (text !== null) return unpackPlaces(text);
  return {
    of: (code) => placesOf(rules.countryJurisdictions(code)),
    get schemes() {
      return placesOf(rules.schemeJurisdictions, true);
    },
  };
}

/** The separators of the packed text, which no code, level or region may hold. */
const SEPARATORS = /[;|,:]/;

/**
 * The places of a rule set as text, for a pack: runs "KEY|entry,entry" joined by ";", a
 * country's run keyed by its code (every code that `countryJurisdictions` answers with a
 * place), schemes in runs keyed "@" and the scheme's country, in listing order; each entry
 * "id:level:region:taxed" (taxed 1 or 0), or only "id" for a country's own jurisdiction that
 * levies a tax (most entries: the EU pack's table is 250 characters rather than 580).
 */
export function packPlaces(rules: RuleSet, countryCodes: readonly string[]): string {
  const runs: [string, readonly RegistrationPlace[]][] = [];
  for (const s of placesOf(rules.schemeJurisdictions, true)) {
    const last = runs[runs.length - 1];
    if (last !== undefined && last[0] === `@${s.country}`) last[1] = [...last[1], s];
    else runs.push([`@${s.country}`, [s]]);
  }
  // A file's own code and the code it reports as (IC and ES): either may be asked for.
  const codes = new Set(countryCodes.flatMap((c) => [c, rules.countries.get(c)?.all[0]?.country ?? c]));
  for (const code of codes) {
    const places = placesOf(rules.countryJurisdictions(code));
    if (places.length > 0) runs.push([code, places]);
  }
  return runs
    .map(([key, places]) => {
      const entries = places.map((p) => {
        if ([key, p.level, p.region].some((f) => SEPARATORS.test(f)) || !Number.isSafeInteger(p.id)) throw new Error(`jurisdiction ${p.id} (${key} ${p.level} ${p.region}) cannot be written in the packed places`);
        return p.level === 'country' && p.region === '' && p.taxed ? `${p.id}` : `${p.id}:${p.level}:${p.region}:${p.taxed ? 1 : 0}`;
      });
      return `${key}|${entries.join(',')}`;
    })
    .join(';');
}

/** A packed text as `packPlaces` writes it: runs of entries "id:level:region:taxed" or "id". */
const PACKED = /^(?:[^;|,:]+\|\d+(?::[a-z]+:[^;|,:]*:[01])?(?:,\d+(?::[a-z]+:[^;|,:]*:[01])?)*(?:;(?=.)|$))*$/;

/**
 * The places of a packed text (see `packPlaces`), each run's entries read when its code is
 * first asked for: reading every entry up front cost about 7 M instructions (half a
 * millisecond), more than the rest of a first account's lookups.
 */
export function unpackPlaces(text: string): PlaceLookup {
  if (!PACKED.test(text)) throw new TaxRulesError('invalid_value', 422, [{ path: ['registrationPlaces'], code: 'invalid_value', message: 'registrationPlaces is not the text packRuleData writes: pack the rule data again' }]);
  const runs = text === '' ? [] : text.split(';').map((run) => run.split('|') as [string, string]);
  const places = (key: string, entries: string): readonly RegistrationPlace[] =>
    Object.freeze(
      entries.split(',').map((entry) => {
        const f = entry.split(':');
        return { id: Number(f[0]), country: key.replace('@', ''), level: (f[1] ?? 'country') as RegistrationPlace['level'], region: f[2] ?? '', taxed: f[3] !== '0' };
      }),
    );
  // A country's entries as text until they are first asked for.
  const byCode = new Map<string, string | readonly RegistrationPlace[]>(runs.filter(([key]) => !key.startsWith('@')));
  let schemes: readonly RegistrationPlace[] | undefined;
  return {
    of(code) {
      const found = byCode.get(code) ?? NONE;
      if (typeof found !== 'string') return found;
      const made = places(code, found);
      byCode.set(code, made);
      return made;
    },
    get schemes() {
      return (schemes ??= Object.freeze(runs.filter(([key]) => key.startsWith('@')).flatMap(([key, entries]) => places(key, entries))));
    },
  };
}
