/**
 * Place of supply: which jurisdiction has the right to tax a supply, from the seller's
 * relation to the customer's regime (same country, same union, foreign), the customer
 * (business or consumer), the kind of supply, and the seller's registrations where the
 * law makes them decide (destination taxation once registered, schemes, establishments).
 * The rules are tables in `rules/regimes/`; this module reads them.
 */
import type { CustomerType, SupplyKind } from './types.js';
import type { CompiledRegime, CompiledSupplyRule, RuleSet } from './ruleset.js';
import { regimeOf, type Location } from './location.js';
import { coveringScheme, type ActiveRegistrations, type ConsignmentBand, type SchemeMatch } from './registration.js';
import { mainTaxOf } from './rates.js';
import { beforeHistory } from './errors.js';

export type Relation = 'domestic' | 'union' | 'foreign';

export interface PlaceInput {
  readonly rules: RuleSet;
  readonly day: number;
  readonly date: string;
  readonly supply: SupplyKind;
  readonly customer: CustomerType;
  readonly origin: Location;
  /** The customer's location: a country with rules, inside its tax area. */
  readonly destination: Location;
  readonly registrations: ActiveRegistrations;
  /** The band of the consignment's value against a scheme's limit. */
  readonly consignment: (limit: NonNullable<SchemeMatch['limit']>) => ConsignmentBand;
}

export type Place =
  /** The customer accounts for the tax (or imports the goods). */
  | { readonly kind: 'reverse_charge'; readonly rule: CompiledSupplyRule }
  /** No jurisdiction we know of taxes the supply. */
  | { readonly kind: 'outside_scope'; readonly rule: CompiledSupplyRule }
  /** Imported goods above the scheme's value limit: import VAT is due at the border. */
  | { readonly kind: 'at_border'; readonly match: SchemeMatch }
  /** Taxed where `where` is, under `regime`; through `scheme` when one covers it. */
  | {
      readonly kind: 'taxed';
      readonly where: Location;
      readonly regime: CompiledRegime;
      readonly scheme: SchemeMatch | null;
      readonly notes: readonly string[];
    };

/**
 * The seller's relation to the customer's regime. A seller with a permanent establishment
 * in the customer's country is established there: the supply is domestic (VAT Directive
 * art. 192a, Implementing Regulation 282/2011 art. 53).
 */
export function relationOf(p: PlaceInput, destRegime: CompiledRegime): { relation: Relation; established: boolean } {
  const { origin, destination: dest } = p;
  if (origin.country !== null && origin.country === dest.country && !origin.excluded) return { relation: 'domestic', established: false };
  const root = dest.country?.root;
  if (root && p.registrations.establishedIn(mainTaxOf(root)?.registration ?? root.id)) return { relation: 'domestic', established: true };
  const originRegime = regimeOf(origin, p.day, p.supply);
  if (originRegime === destRegime) return { relation: destRegime.kind === 'single_area' ? 'domestic' : 'union', established: false };
  return { relation: 'foreign', established: false };
}

/** The supply rule of the regime for the relation, customer and supply on the day. */
function supplyRule(p: PlaceInput, regime: CompiledRegime, relation: Relation): CompiledSupplyRule {
  const rule = regime.rules.find(
    (r) =>
      (r.seller === null || r.seller === relation) &&
      (r.customer === null || r.customer === p.customer) &&
      (r.supply === null || r.supply.includes(p.supply)) &&
      r.from <= p.day &&
      p.day <= r.until,
  );
  if (!rule) throw beforeHistory(['date'], `the ${regime.name} rules do not cover this supply on ${p.date}`);
  return rule;
}

/** Where the supply is taxed. Throws TaxRulesError (422) where the rules have no answer on the day. */
export function placeOfSupply(p: PlaceInput): Place {
  const dest = p.destination;
  const regime = regimeOf(dest, p.day, p.supply);
  if (!regime) throw beforeHistory(['date'], `no tax regime of ${dest.country?.name ?? dest.typed} is recorded on ${p.date}`);
  const { relation, established } = relationOf(p, regime);
  const rule = supplyRule(p, regime, relation);
  if (rule.then === 'reverse_charge') return { kind: 'reverse_charge', rule };
  if (rule.then === 'outside_scope') return { kind: 'outside_scope', rule };

  const main = dest.jurisdiction ? mainTaxOf(dest.jurisdiction) : null;
  const registered = main !== null && p.registrations.has(main.registration);
  const match = registered ? null : coveringScheme(regime, relation, p.supply, p.day, p.registrations, 'unknown');
  // A scheme limited by the consignment's value covers it only within the limit.
  const scheme = match && match.limit ? { ...match, covers: p.consignment(match.limit) !== 'above' } : match;
  const collects = registered || (scheme !== null && scheme.covers);
  // One VAT area of several countries (Switzerland and Liechtenstein): the seller accounts
  // for the area's tax to its own administration.
  const sameAreaAbroad = relation === 'domestic' && !established && p.origin.country !== dest.country && p.origin.jurisdiction !== null;
  if (rule.then === 'origin' || sameAreaAbroad || (rule.then === 'destination_if_registered' && !collects)) {
    const originRegime = p.origin.country && p.origin.jurisdiction ? regimeOf(p.origin, p.day, p.supply) : null;
    if (!p.origin.jurisdiction || !originRegime) throw beforeHistory(['origin', 'country'], "the seller's own country has no tax rules");
    const notes = rule.then === 'destination_if_registered' && rule.note ? [rule.note] : [];
    return { kind: 'taxed', where: p.origin, regime: originRegime, scheme: null, notes };
  }
  if (!registered && scheme !== null && !scheme.covers) return { kind: 'at_border', match: scheme };
  const notes = rule.note && rule.then === 'destination' && relation === 'foreign' && p.supply === 'goods' ? [rule.note] : [];
  return { kind: 'taxed', where: dest, regime, scheme: scheme !== null && scheme.covers ? scheme : null, notes };
}
