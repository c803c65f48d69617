/**
 * `resolveEvidence`: where a customer of electronically supplied, telecommunications or
 * broadcasting services is, from the evidence a seller holds — Council Implementing
 * Regulation (EU) No 282/2011, art. 24a–24f (as amended by Regulation (EU) 2017/2459).
 *
 * - Art. 24f lists the evidence: (a) the billing address, (b) the IP address of the device
 *   (its geolocation), (c) bank details (the country of the bank account or card), (d) the
 *   mobile country code of the SIM card, (e) the location of a fixed land line, (f) other
 *   commercially relevant information.
 * - Art. 24b(d): the customer is where two non-contradictory pieces of that evidence place
 *   them; a seller whose cross-border supplies of these services stay within EUR 100,000
 *   (the current and the previous year) may rely on one piece, given by a person other than
 *   the seller.
 * - Art. 24d: evidence that contradicts the presumption can rebut it; here a place with more
 *   pieces for it than any place that contradicts it is confirmed, a tie is conflicting.
 * - Special territories (Heligoland, the Canary Islands, Livigno, Åland, …) are places of their
 *   own for VAT (Directive 2006/112/EC, art. 6): a piece that only names the country agrees
 *   with them but cannot establish one; that takes a piece at the level of the address (a
 *   postal code, a land-line prefix) or a code of the territory itself (IC, AX, XI).
 */
import { errorFromIssues, quoted, type TaxRulesIssue } from '../core/errors.js';
import type { CompiledTerritory, RuleSet } from '../core/ruleset.js';
import { canonicalCountry, normalisePostalCode, territoryMatches } from '../core/location.js';
import { guarded, ownCopy, ruleSetArg, unknownFields, unreadable } from '../adapters/read.js';
import { phoneCountry } from './phone.js';

/** The spec's evidence object, with the fields taxrules reads besides (postal codes, residence, phone). */
export interface Evidence {
  billing_country?: string | null;
  /** The billing address's postal code (and city): what places the customer in a special territory. */
  billing_postal_code?: string | null;
  billing_city?: string | null;
  /** The device's IP address; its country is the caller's geolocation (`context.ipCountry`). */
  ip_address?: string | null;
  bank_country?: string | null;
  additional_evidence?: string | null;
  additional_evidence_country?: string | null;
  /** The country of residence the customer declared (other commercially relevant information). */
  residence_country?: string | null;
  residence_postal_code?: string | null;
  /** The customer's phone number in international form: its calling code (and a land-line prefix). */
  phone_number?: string | null;
  /** Spec fields that do not locate anyone: accepted and not read. */
  document_id?: number | null;
  notes?: string | null;
  state?: string | null;
}

export interface EvidenceContext {
  /** The country the caller's geolocation gives for `ip_address` (taxrules does not geolocate). */
  ipCountry?: string | null;
  /**
   * Art. 24b(d), second subparagraph: a seller established in one Member State whose
   * cross-border supplies of these services were at most EUR 100,000 this year and last may
   * rely on one piece of evidence given by a person other than itself. Default false: two.
   */
  singlePieceSuffices?: boolean;
  rules?: RuleSet;
}

export type EvidenceSource = 'billing_address' | 'ip_address' | 'bank' | 'phone' | 'residence' | 'additional';
export type EvidenceState = 'confirmed' | 'unsettled' | 'conflicting';

/** One piece of evidence, located. */
export interface EvidencePiece {
  source: EvidenceSource;
  /** The country the piece names (a special territory's country: ES for the Canary Islands). */
  country: string;
  /** The special territory it establishes (a rules territory id such as `ES-CANAR`), else null. */
  territory: string | null;
  /** `address`: the piece places the customer within the country (a postal code, a land-line prefix, a territory's own code); `country`: only the country. */
  level: 'address' | 'country';
  /** The Regulation's ground for it. */
  legalBasis: string;
}

export interface EvidenceResult {
  state: EvidenceState;
  /** The country the evidence places the customer in (the best supported, also when not confirmed); null without any usable piece or on a tie. */
  country: string | null;
  /** The special territory within it, when a piece at address level establishes one; null for the rest of the country or when unknown. */
  territory: string | null;
  /** Whether some piece places the customer within the country (so that `territory: null` means the mainland, not "unknown"). */
  territoryEstablished: boolean;
  /** The pieces for that place. */
  agreeing: EvidencePiece[];
  /** The pieces against it; without a place, the pieces that contradict another. */
  conflicting: EvidencePiece[];
  /** Fields given that could not be used, and why. */
  unused: { field: string; reason: string }[];
  /** How many agreeing pieces confirmation takes (2, or 1 under art. 24b(d) second subparagraph). */
  required: number;
}

const FIELDS = [
  'billing_country',
  'billing_postal_code',
  'billing_city',
  'ip_address',
  'bank_country',
  'additional_evidence',
  'additional_evidence_country',
  'residence_country',
  'residence_postal_code',
  'phone_number',
  'document_id',
  'notes',
  'state',
] as const;
const CONTEXT_FIELDS = ['ipCountry', 'singlePieceSuffices', 'rules'] as const;

const BASIS: Record<EvidenceSource, string> = {
  billing_address: 'Implementing Regulation (EU) 282/2011, art. 24f(a): the billing address',
  ip_address: 'Implementing Regulation (EU) 282/2011, art. 24f(b): the IP address of the device',
  bank: 'Implementing Regulation (EU) 282/2011, art. 24f(c): bank details',
  phone: 'Implementing Regulation (EU) 282/2011, art. 24f(d) and (e): the SIM card’s country code, the land line’s location',
  residence: 'Implementing Regulation (EU) 282/2011, art. 24f(f): other commercially relevant information (declared residence)',
  additional: 'Implementing Regulation (EU) 282/2011, art. 24f(f): other commercially relevant information',
};

/** French overseas departments by the first three digits of their postal codes (La Poste), and their own codes. */
const FRENCH_DOM: Record<string, string> = { '971': 'GP', '972': 'MQ', '973': 'GF', '974': 'RE', '976': 'YT' };

/** A place for VAT: the mainland of a country, or a special territory. */
interface Place {
  id: string;
  country: string;
  territory: string | null;
  /** Country codes under which a country-level piece agrees with the place. */
  within: Set<string>;
}

interface Located extends EvidencePiece {
  /** The place, for a piece at address level; null for a country-level one. */
  place: Place | null;
}

const nameOf = (t: CompiledTerritory) => t.name.replace(/\s*\(.*\)\s*$/, '').toLowerCase();

/** The places of the rules' special territories, built once per rule set. */
const placeTables = new WeakMap<RuleSet, { ofTerritory: Map<string, Place>; ofCode: Map<string, Place> }>();

function placesOf(rules: RuleSet) {
  const known = placeTables.get(rules);
  if (known) return known;
  const ofTerritory = new Map<string, Place>();
  const ofCode = new Map<string, Place>();
  const partial: { code: string; t: CompiledTerritory }[] = [];
  const whole: { code: string; t: CompiledTerritory }[] = [];
  for (const [code, list] of rules.territories) for (const t of list) (t.all ? whole : partial).push({ code, t });
  for (const { code, t } of partial) ofTerritory.set(t.id, { id: t.id, country: code, territory: t.id, within: new Set([code]) });
  for (const { code, t } of whole) {
    // A territory with a code of its own (IC, AX, XI): the same place as its country's territory of that name.
    const same = partial.find((p) => nameOf(p.t) === nameOf(t));
    const dom = Object.entries(FRENCH_DOM).find(([, c]) => c === code);
    const place: Place = same
      ? { ...ofTerritory.get(same.t.id)!, within: new Set([same.code, code]) }
      : { id: t.id, country: code, territory: t.id, within: new Set(dom ? [code, 'FR'] : [code]) };
    if (same) ofTerritory.set(same.t.id, place);
    ofTerritory.set(t.id, place);
    ofCode.set(code, place);
  }
  const tables = { ofTerritory, ofCode };
  placeTables.set(rules, tables);
  return tables;
}

function countryCode(rules: RuleSet, value: unknown, field: string, issues: TaxRulesIssue[]): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') {
    issues.push({ path: ['evidence', field], code: 'malformed', message: `${field} must be a 2-letter country code, got ${quoted(value, 40)}` });
    return null;
  }
  const code = canonicalCountry(rules, value.trim().toUpperCase());
  if (!/^[A-Z]{2}$/.test(code) || !rules.world.has(code)) {
    issues.push({ path: ['evidence', field], code: 'invalid_value', message: `${field} ${quoted(value, 40)} is not an ISO 3166-1 country code` });
    return null;
  }
  return code;
}

/** A piece naming a country, placed at address level when its postal code (or the code itself) says where within it. */
function locatePiece(rules: RuleSet, source: EvidenceSource, country: string, postalCode: string | null, city: string | null): Located {
  const { ofTerritory, ofCode } = placesOf(rules);
  const base = { source, legalBasis: BASIS[source] };
  const own = ofCode.get(country);
  if (own) return { ...base, country: own.country, territory: own.territory, level: 'address', place: own };
  if (postalCode === null) return { ...base, country, territory: null, level: 'country', place: null };
  const postal = normalisePostalCode(postalCode);
  // Its own codes only: a prefix that is none reads as none, whatever Object.prototype holds.
  if (country === 'FR' && postal !== null && Object.hasOwn(FRENCH_DOM, postal.slice(0, 3))) {
    const dom = ofCode.get(FRENCH_DOM[postal.slice(0, 3)]!)!;
    return { ...base, country: dom.country, territory: dom.territory, level: 'address', place: dom };
  }
  for (const t of rules.territories.get(country) ?? []) {
    if (t.all || !territoryMatches(t, postal, city ? city.trim().toLowerCase() : null)) continue;
    const place = ofTerritory.get(t.id)!;
    return { ...base, country: place.country, territory: place.territory, level: 'address', place };
  }
  return { ...base, country, territory: null, level: 'address', place: { id: country, country, territory: null, within: new Set([country]) } };
}

/** Whether a piece agrees with a place (or, for a country-level candidate, with a country). */
function agrees(piece: Located, candidate: Place): boolean {
  if (piece.place) return piece.place.id === candidate.id;
  return candidate.within.has(piece.country);
}

function compatible(a: Located, b: Located): boolean {
  if (a.place && b.place) return a.place.id === b.place.id;
  if (a.place) return a.place.within.has(b.country);
  if (b.place) return b.place.within.has(a.country);
  return a.country === b.country;
}

/**
 * Where the evidence places the customer, per Implementing Regulation (EU) 282/2011, art.
 * 24b(d) and 24f: `confirmed` when at least two pieces (one under `singlePieceSuffices`)
 * agree on a place and outnumber the pieces of any place that contradicts it;
 * `conflicting` when pieces contradict each other without such a majority; `unsettled`
 * when nothing contradicts but there are too few pieces. `country` and `territory` are the
 * best supported place (also when not confirmed). A piece that only names a country agrees
 * with every place in it but cannot establish a special territory: `territoryEstablished`
 * says whether some piece placed the customer within the country.
 *
 * Throws TaxRulesError 400 for an unknown field or a value of the wrong type, 406 for a
 * country code that is none, a phone number's calling code that is none.
 *
 * @example
 * ```ts
 * import { resolveEvidence } from 'taxrules';
 *
 * // A billing address and a card, both French: two pieces that agree.
 * resolveEvidence({ billing_country: 'FR', bank_country: 'FR' });
 * // { state: 'confirmed', country: 'FR', territory: null, conflicting: [], required: 2, … }
 * resolveEvidence({ billing_country: 'DE', bank_country: 'FR' }).state;
 * // 'conflicting'
 * ```
 */
export function resolveEvidence(evidence: Evidence, context?: EvidenceContext | null): EvidenceResult {
  return guarded(() => resolved(evidence, context));
}

function readObject(value: unknown, what: string, path: string, known: readonly string[], issues: TaxRulesIssue[]): Record<string, unknown> {
  // Absent: no fields, on an object without a prototype (a polluted one adds none).
  if (value === undefined || value === null) return Object.create(null) as Record<string, unknown>;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw errorFromIssues([{ path: [path], code: 'malformed', message: `${what} must be an object, got ${quoted(value, 40)}` }]);
  }
  let copy: Record<string, unknown>;
  try {
    copy = ownCopy(value, 1, 0) as Record<string, unknown>;
  } catch (e) {
    throw unreadable(e, [path], what);
  }
  issues.push(...unknownFields(copy, known, [path], 'field'));
  return copy;
}

function resolved(evidenceArg: unknown, contextArg: unknown): EvidenceResult {
  const issues: TaxRulesIssue[] = [];
  if (evidenceArg === undefined || evidenceArg === null) throw errorFromIssues([{ path: ['evidence'], code: 'missing', message: 'the evidence object is required' }]);
  const e = readObject(evidenceArg, 'the evidence', 'evidence', FIELDS, issues);
  const c = readObject(contextArg, 'the context', 'context', CONTEXT_FIELDS, issues);
  const rules = ruleSetArg(c.rules, ['context', 'rules']);
  if (c.singlePieceSuffices !== undefined && typeof c.singlePieceSuffices !== 'boolean') {
    issues.push({ path: ['context', 'singlePieceSuffices'], code: 'malformed', message: 'context.singlePieceSuffices must be true or false' });
  }
  const text = (field: string): string | null => {
    const v = e[field];
    if (v === undefined || v === null || v === '') return null;
    if (typeof v !== 'string') {
      issues.push({ path: ['evidence', field], code: 'malformed', message: `${field} must be a string, got ${quoted(v, 40)}` });
      return null;
    }
    return v;
  };
  if (e.document_id !== undefined && e.document_id !== null && !(typeof e.document_id === 'number' && Number.isSafeInteger(e.document_id) && e.document_id > 0)) {
    issues.push({ path: ['evidence', 'document_id'], code: 'malformed', message: 'document_id must be a positive whole number' });
  }
  if (e.state !== undefined && e.state !== null && !['confirmed', 'unsettled', 'conflicting'].includes(e.state as string)) {
    issues.push({ path: ['evidence', 'state'], code: 'invalid_value', message: `state must be confirmed, unsettled or conflicting, got ${quoted(e.state, 40)}` });
  }
  text('notes');
  text('additional_evidence');
  const billing = countryCode(rules, e.billing_country, 'billing_country', issues);
  const billingPostal = text('billing_postal_code');
  const billingCity = text('billing_city');
  const ipAddress = text('ip_address');
  const ipCountry = countryCode(rules, c.ipCountry, 'ipCountry', issues);
  const bank = countryCode(rules, e.bank_country, 'bank_country', issues);
  const additional = countryCode(rules, e.additional_evidence_country, 'additional_evidence_country', issues);
  const residence = countryCode(rules, e.residence_country, 'residence_country', issues);
  const residencePostal = text('residence_postal_code');
  const phone = text('phone_number');
  let phoneAt: ReturnType<typeof phoneCountry> | null = null;
  if (phone !== null) {
    try {
      phoneAt = phoneCountry(phone);
    } catch (err) {
      issues.push(...((err as { issues?: TaxRulesIssue[] }).issues ?? []).map((i) => ({ ...i, path: ['evidence', ...i.path] })));
    }
  }
  if (issues.length > 0) throw errorFromIssues(issues);

  const unused: { field: string; reason: string }[] = [];
  const pieces: Located[] = [];
  if (billing) pieces.push(locatePiece(rules, 'billing_address', billing, billingPostal, billingCity));
  else if (billingPostal !== null) unused.push({ field: 'billing_postal_code', reason: 'a postal code without billing_country' });
  if (ipCountry) pieces.push(locatePiece(rules, 'ip_address', ipCountry, null, null));
  else if (ipAddress !== null) unused.push({ field: 'ip_address', reason: "no country for it: pass its geolocation's country as context.ipCountry" });
  if (bank) pieces.push(locatePiece(rules, 'bank', bank, null, null));
  if (phoneAt) {
    if (phoneAt.country === null) unused.push({ field: 'phone_number', reason: `the number is none of the countries of +${phoneAt.callingCode}` });
    else if (phoneAt.territory) {
      const place = placesOf(rules).ofTerritory.get(phoneAt.territory)!;
      pieces.push({ source: 'phone', country: place.country, territory: place.territory, level: 'address', legalBasis: BASIS.phone, place });
    } else pieces.push(locatePiece(rules, 'phone', phoneAt.country, null, null));
  }
  if (residence) pieces.push(locatePiece(rules, 'residence', residence, residencePostal, null));
  else if (residencePostal !== null) unused.push({ field: 'residence_postal_code', reason: 'a postal code without residence_country' });
  if (additional) pieces.push(locatePiece(rules, 'additional', additional, null, null));

  const required = c.singlePieceSuffices === true ? 1 : 2;
  // Candidates: each place a piece establishes, and each country no piece places within.
  const candidates = new Map<string, Place>();
  for (const p of pieces) if (p.place) candidates.set(p.place.id, p.place);
  for (const p of pieces) {
    if (p.place || [...candidates.values()].some((q) => q.within.has(p.country))) continue;
    candidates.set(`country:${p.country}`, { id: `country:${p.country}`, country: p.country, territory: null, within: new Set([p.country]) });
  }
  const support = [...candidates.values()].map((place) => ({ place, pieces: pieces.filter((p) => agrees(p, place)) }));
  support.sort((a, b) => b.pieces.length - a.pieces.length || (a.place.id < b.place.id ? -1 : a.place.id > b.place.id ? 1 : 0));
  const best = support[0];
  const tie = best !== undefined && support.length > 1 && support[1]!.pieces.length === best.pieces.length;
  const anyConflict = pieces.some((a, i) => pieces.some((b, j) => j > i && !compatible(a, b)));
  const state: EvidenceState = best && !tie && best.pieces.length >= required ? 'confirmed' : anyConflict ? 'conflicting' : 'unsettled';
  const winner = best && !tie ? best : null;
  const strip = ({ place: _place, ...piece }: Located): EvidencePiece => piece;
  return {
    state,
    country: winner ? winner.place.country : null,
    territory: winner ? winner.place.territory : null,
    territoryEstablished: winner ? winner.pieces.some((p) => p.place !== null) : false,
    agreeing: winner ? winner.pieces.map(strip) : [],
    conflicting: (winner ? pieces.filter((p) => !agrees(p, winner.place)) : pieces.filter((p) => pieces.some((q) => !compatible(p, q)))).map(strip),
    unused,
    required,
  };
}
