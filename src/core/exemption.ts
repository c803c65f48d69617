/**
 * A customer's own tax status, as the spec's contact has it (`tax_status` `exempt` or
 * `reverse`): a customer exempt from the tax (a US resale or exemption certificate, a
 * charity, a government body) or one that accounts for it itself. It applies to a decision
 * that charges tax, after the decision is made (decisions are cached for every customer
 * alike): the place, jurisdiction and lines stay, each line at rate 0, with the status and
 * reason of the customer's exemption and a note naming the certificate. A decision that
 * charges nothing (not registered, exempt supply, reverse charge) is left as it is.
 */
import type { CustomerExemption, Decision, TaxLine } from './types.js';
import { frozen } from './draft.js';
import { errorFromIssues, type TaxRulesIssue } from './errors.js';

/** A tax line not charged: rate 0, its tax, jurisdiction and taxable part kept. */
export const zeroedLine = (line: TaxLine): TaxLine => ({ ...line, rate: '0', rateUnits: 0, rateClass: null });

/** The status of what a customer with its own tax status is charged: nothing, or the tax it accounts for itself. */
export const exemptStatus = (e: CustomerExemption): 'non_taxable' | 'reverse_charge' => (e.status === 'exempt' ? 'non_taxable' : 'reverse_charge');

/**
 * The note of a customer's own tax status: naming the taxes it is exempt from or accounts for
 * (`taxes`, as a decision names them), or the tax in general when no decision names them
 * (null: a sale priced without one).
 */
export function exemptionNote(e: CustomerExemption, taxes: string | null): string {
  const certificate = e.certificate === null ? '' : ` (exemption certificate ${e.certificate})`;
  return e.status === 'exempt'
    ? `The customer is exempt${taxes === null ? '' : ` from ${taxes}`}${certificate}: no tax is charged.`
    : `The customer accounts for the ${taxes ?? 'tax'} itself (reverse charge)${certificate}: no tax is charged.`;
}

/** The decision for a customer with its own tax status (see the module's comment). */
export function exempted(d: Decision, e: CustomerExemption): Decision {
  if (d.status !== 'taxable') return d;
  const taxes = [...new Set(d.lines.map((l) => l.name))].join(' and ') || 'tax';
  return frozen({
    ...d,
    status: exemptStatus(e),
    reason: e.status === 'exempt' ? 'customer_exempt' : 'customer_reverse_charge',
    lines: d.lines.map(zeroedLine),
    notes: [...d.notes, exemptionNote(e, taxes)],
    articleCap: null,
    // Exempt, the customer pays no tax on any article, whatever its price.
    priceLimit: null,
  });
}

/**
 * The customer's own tax status as the core applies it: none for `taxable`. A certificate
 * without `exempt` is refused (400): it would otherwise be ignored, and the tax charged. The
 * refusal is thrown, or added to `issues` when given (there is then no exemption).
 */
export function exemptionOf(status: string | undefined, certificate: string | null | undefined, statusField: string, certificateField: string, issues?: TaxRulesIssue[]): CustomerExemption | undefined {
  const refused = certificateIssue(status, certificate, statusField, certificateField);
  if (refused !== null) {
    if (issues === undefined) throw errorFromIssues([refused]);
    issues.push(refused);
    return undefined;
  }
  if (status === 'exempt' || status === 'reverse') return { status, certificate: certificate?.trim() || null };
  return undefined;
}

/** The refusal (400) of an exemption certificate given with another status than `exempt`, or null. */
export function certificateIssue(status: string | undefined, certificate: string | null | undefined, statusField: string, certificateField: string): TaxRulesIssue | null {
  if (certificate === undefined || certificate === null || certificate.trim() === '' || status === 'exempt') return null;
  return { path: certificateField.split('.'), code: 'malformed', message: `${certificateField} goes with ${statusField} exempt${status === undefined ? ' (give it)' : `, not ${status}`}` };
}
