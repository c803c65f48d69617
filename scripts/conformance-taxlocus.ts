/**
 * The US product-category run against TaxLocus's taxability table (taxlocus/taxability.csv,
 * CC-BY-4.0: "Sales-tax data by TaxLocus — https://taxlocus.com"), called by
 * scripts/conformance.ts with its helpers: a category quote beside a `standard` one at the
 * same place per state on the same day as the daigou-calc-data run.
 *
 * The table has no dates and no places: a row says how a state treats a category, with its
 * conditions (holiday windows, price caps, scopes) as JSON. Compared at the state tax level
 * (the state line of our quote), since the rows speak of the state's tax; a row that adds
 * "local may tax" or "local taxable" still says the state part.
 */
import { csv } from './csv.js';

/** What conformance.ts lends the run. */
export interface CategoryRunHelpers {
  /** The tally the disagreements are counted in. */
  check: (facts: Record<string, string>, agrees: boolean, detail: string) => void;
  /** A category quote at the state's place (amount in USD, 100 unless given): the state's and the locals' effective rates. */
  ask: (state: string, code: string, amount?: string) => { state: number; local: number; total: number; stateTax: number } | string;
  /** The states asked, each at one place. */
  states: string[];
  /** The day asked (YYYY-MM-DD). */
  date: string;
}

/** agree, disagree, not compared */
export type CategoryCounts = [number, number, number];

/**
 * Their categories and ours, where the meanings match (rules/tax-codes.json). Left out, having
 * no equal of ours: clothing.accessories, .athletic, .formal and .protective (ours has one
 * clothing code, which excludes accessories, protective and sport equipment); food.candy_soda
 * (candy and soft drinks together: ours has each apart, as their food.candy and
 * food.soft_drinks have); food.bottled_water; medical.equipment, medical.otc and medical.rx
 * (second rows of medical.devices, .otc_drugs and .prescription_drugs); publications.textbooks;
 * goods.*; digital.saas, digital.streaming, digital_products.*, software.* and services.*
 * (ours are the spec codes saas, eservice, ebook and consulting, whose taxability notes in
 * rules/countries/US.json already weigh TaxLocus's rows, not categories).
 * Theirs digital.download spans software, e-books, music and games; ours digital_goods is
 * music, video, games and applications (e-books apart): a row that splits software from the
 * rest (conditional) is not compared.
 * Newspapers and magazines are asked under our finer codes, which in the US fall back to the
 * newspapers entry where the state's data does not split them.
 */
const CATEGORY: Record<string, string> = {
  'food.grocery': 'food',
  'food.prepared': 'prepared_food',
  'food.soft_drinks': 'soft_drinks',
  'food.candy': 'candy',
  'food.dietary_supplements': 'dietary_supplements',
  'clothing.general': 'clothing',
  'publications.books': 'books',
  'publications.newspapers': 'printed_newspapers',
  'publications.magazines': 'magazines',
  'medical.prescription_drugs': 'prescription_drugs',
  'medical.otc_drugs': 'otc_drugs',
  'medical.devices': 'medical_devices',
  'hygiene.menstrual': 'feminine_hygiene',
  'hygiene.diapers': 'diapers',
  'digital.download': 'digital_goods',
};

interface Conditions {
  note?: string;
  tax_holiday?: { windows?: { start: string; end: string }[] };
  price_cap_cents?: number;
  cap_basis?: 'excess_over_cap' | 'per_item';
  state_exempt?: boolean;
  local_may_tax?: boolean;
  scope?: string;
  exempt_if?: string;
  prewritten_software_taxable?: boolean;
}

/** What a row says of the state tax on the day: a treatment we can compare, or why not. */
type Claim = { kind: 'exempt' | 'taxable' | 'reduced' } | { kind: 'cap'; cents: number; excess: boolean } | { kind: 'skip'; why: string };

function claimOf(treatment: string, taxable: boolean, c: Conditions, date: string): Claim {
  if (treatment === 'exempt') return { kind: 'exempt' };
  if (treatment === 'taxable') return { kind: 'taxable' };
  if (treatment === 'reduced_rate') return { kind: 'reduced' };
  if (treatment !== 'conditional') return { kind: 'skip', why: treatment };
  // A holiday outside its windows: the row's base (its `taxable` column); its cap applies within them only.
  if (c.tax_holiday) {
    const open = (c.tax_holiday.windows ?? []).some((w) => w.start <= date && date <= w.end);
    return open ? { kind: 'skip', why: 'holiday window' } : { kind: taxable ? 'taxable' : 'exempt' };
  }
  // MA, RI: the part of an article's price above the cap is taxed; NY: an article under it is exempt.
  if (c.price_cap_cents !== undefined) return { kind: 'cap', cents: c.price_cap_cents, excess: c.cap_basis === 'excess_over_cap' };
  // Exempt from the state tax, the local taxes due where a locality does not follow (AZ, CO, GA groceries; AL menstrual products).
  if (c.state_exempt || c.local_may_tax) return { kind: 'exempt' };
  // Children's diapers exempt, adults' products taxed: ours are children's diapers.
  if (c.scope === 'infant_only') return { kind: 'exempt' };
  // Exempt only on a condition ours does not model (a prescription to a Medicaid beneficiary): the base.
  if (c.exempt_if !== undefined) return { kind: taxable ? 'taxable' : 'exempt' };
  if (c.prewritten_software_taxable) return { kind: 'skip', why: 'software apart from other digital goods' };
  return { kind: 'skip', why: 'condition not read' };
}

/** Runs the table against ours; the counts per our category. */
export function taxLocusCategories(file: string, h: CategoryRunHelpers): Map<string, CategoryCounts> {
  const counts = new Map<string, CategoryCounts>(Object.values(CATEGORY).map((c) => [c, [0, 0, 0]]));
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const show = (a: { state: number; local: number } | string) => (typeof a === 'string' ? a : `state ${+a.state.toFixed(6)} % + local ${+a.local.toFixed(6)} %`);
  for (const row of csv(file)) {
    const ours = CATEGORY[row.category as string];
    const st = row.state as string;
    if (!ours || !h.states.includes(st)) continue;
    const tally = counts.get(ours) as CategoryCounts;
    const conditions = JSON.parse(row.conditions || '{}') as Conditions;
    const claim = claimOf(row.treatment as string, row.taxable === 'True', conditions, h.date);
    if (claim.kind === 'skip') {
      tally[2]++;
      continue;
    }
    const facts = { state: st, category: ours, peer: row.treatment as string };
    const got = h.ask(st, ours);
    const std = h.ask(st, 'standard');
    let ok = false;
    let detail = `ours: ${show(got)} (general: ${show(std)})`;
    if (typeof got !== 'string' && typeof std !== 'string') {
      if (claim.kind === 'exempt') ok = near(got.state, 0);
      else if (claim.kind === 'taxable') ok = near(got.state, std.state);
      else if (claim.kind === 'reduced') ok = got.state < std.state - 1e-9;
      else if (claim.kind === 'cap') {
        // Just under the cap: no state tax. At twice the cap: the state's general rate on the
        // whole price (per article) or on the half above the cap (excess), to the cent.
        const limit = claim.cents / 100;
        const under = h.ask(st, ours, String(limit - 1));
        const over = h.ask(st, ours, String(limit * 2));
        const due = (std.state / 100) * (claim.excess ? limit : limit * 2);
        ok = typeof under !== 'string' && typeof over !== 'string' && under.stateTax === 0 && Math.abs(over.stateTax - due) < 0.006;
        const taxAt = (a: typeof under) => (typeof a === 'string' ? a : `state tax ${a.stateTax}`);
        detail = `ours: at ${limit - 1}: ${taxAt(under)}; at ${limit * 2}: ${taxAt(over)} (due at the general state rate: ${due.toFixed(2)})`;
      }
    }
    tally[ok ? 0 : 1]++;
    const note = conditions.note ? `; their note: ${conditions.note}` : '';
    h.check(facts, ok, `peer ${row.category} ${row.treatment}${claim.kind === 'cap' ? ` (cap ${claim.cents / 100}${claim.excess ? ', excess' : ''})` : ''}${note}; ${detail}`);
  }
  return counts;
}
