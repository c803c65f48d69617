/**
 * Places as the command line names them: a country or region of a flag checked against the
 * rules (with the one meant), a PLACE of `rates`, and `ratesAt`'s answer as text.
 */
import { defaultRuleSet, listJurisdictions, TaxRulesError, type PlaceRates, type RuleSet } from '../index.js';
import { UsageError } from './args.js';
import { countrySuggestions, didYouMean, meant } from './suggest.js';

/** A refusal of a flag's value (406, as the library refuses a value out of a known set). */
export const invalidFlag = (name: string, message: string): TaxRulesError => new TaxRulesError('invalid_value', 406, [{ path: [name], code: 'invalid_value', message }]);

/** The country of `--country` as the rules write it (any case; EL and UK are GR and GB), or a refusal naming the one meant. */
export function knownCountry(typed: string, rules: RuleSet = defaultRuleSet): string {
  const code = rules.countryOf(typed);
  if (code !== null) return code;
  const near = meant(countrySuggestions(typed, rules.world)) || " ('taxrules jurisdictions' counts the jurisdictions of each country)";
  throw invalidFlag('country', `--country ${JSON.stringify(typed)} is no ISO 3166-1 country code${near}`);
}

/**
 * The region of `--region` as the rules write it (any case), `none`, or a refusal naming the
 * ones meant: a region no jurisdiction (of `country`) has would list nothing, as a typo would.
 */
export function knownRegion(typed: string, country: string | undefined, rules: RuleSet = defaultRuleSet): string {
  if (typed.toLowerCase() === 'none') return 'none';
  const regions = [...new Set(listJurisdictions({ country }, rules).flatMap((j) => (j.region === null ? [] : [j.region])))];
  const found = regions.find((r) => r.toLowerCase() === typed.toLowerCase());
  if (found !== undefined) return found;
  const flag = `--region ${JSON.stringify(typed)}`;
  if (regions.length === 0) throw invalidFlag('region', `${flag}: ${country ?? 'no country'} has no jurisdiction of a region (--region none lists the country-level ones)`);
  // Two letters are one edit from many regions: the list says more than a guess would.
  const near = typed.length > 2 ? didYouMean(typed, regions) : '';
  if (country === undefined) throw invalidFlag('region', `${flag} is no region with a jurisdiction${near}`);
  throw invalidFlag('region', `${flag} is no region of ${country} with a jurisdiction${near} (its regions: ${regions.join(', ')})`);
}

/** A PLACE of `rates`: CC, CC-REGION, CC:POSTAL, or a US ZIP code alone. */
export function placeOf(text: string, rules: RuleSet = defaultRuleSet): { country: string; region?: string; postal_code?: string } {
  const t = text.trim();
  if (/^\d{5}(?:-\d{4})?$/.test(t)) return { country: 'US', postal_code: t };
  const colon = t.indexOf(':');
  if (colon > 0) return { country: knownCountry(t.slice(0, colon), rules), postal_code: t.slice(colon + 1).trim() };
  const dash = /^([A-Za-z]{2})-([A-Za-z0-9]{1,3})$/.exec(t);
  if (dash) {
    const country = knownCountry(dash[1] as string, rules);
    return { country, region: knownRegion((dash[2] as string).toUpperCase(), country, rules) };
  }
  if (/^[A-Za-z]{2}$/.test(t)) return { country: knownCountry(t, rules) };
  throw new UsageError(`${JSON.stringify(text)} is no PLACE: a country (DE), a region (US-CA), a country and a postal code (PT:9000-001), or a US ZIP code (10001)`);
}

/** `ratesAt`'s answer as text: the place, then each tax with its classes and the codes at each. */
export function formatPlaceRates(r: PlaceRates): string {
  const where = [r.country, r.postal_code, r.region && r.region !== r.country ? r.region : null, r.territory?.name, r.local?.county, r.local?.city].filter(Boolean).join(', ');
  const lines = [`${where} on ${r.date}: ${r.status} (${r.reason}); rules ${r.rules.version}, this place's data checked ${r.rules.checked}`];
  for (const t of r.taxes) {
    lines.push('', `${t.name} (${t.group}) · ${t.jurisdiction.name} (${t.jurisdiction.level}${t.jurisdiction.id !== null ? ` ${t.jurisdiction.id}` : ''})`);
    for (const c of t.classes) {
      lines.push(`  ${c.rateClass} ${c.rate} % since ${c.from}: ${c.taxCodes.length > 0 ? c.taxCodes.join(', ') : '(no tax code)'}`, `    source: ${c.source}`);
    }
    for (const u of t.untaxed) lines.push(`  ${u.treatment}: ${u.taxCodes.join(', ')}`);
  }
  if (r.taxes.length === 0) lines.push('', 'No tax is levied here.');
  for (const u of r.unanswered) lines.push('', `${u.taxCode}: not answered (${u.status}): ${u.message}`);
  for (const n of r.notes) lines.push('', `Note: ${n}`);
  return lines.join('\n');
}
