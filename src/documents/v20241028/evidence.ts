/**
 * The evidence of a document: the customer's location as the request gives it, with its
 * `state` the engine's verdict (resolveEvidence's rules, Implementing Regulation (EU)
 * 282/2011 art. 24b and 24f), not the state the request may claim.
 */
import { resolveEvidence, type EvidenceState } from '../../compliance/evidence.js';
import type { RuleSet } from '../../core/compiled.js';

/** The evidence fields of a document request (v20241028), as its schema reads them. */
export interface DocumentEvidence {
  readonly additional_evidence?: string | undefined;
  readonly additional_evidence_country?: string | undefined;
  readonly bank_country?: string | undefined;
  readonly billing_country?: string | undefined;
  readonly document_id?: number | undefined;
  readonly ip_address?: string | undefined;
  readonly notes?: string | undefined;
  readonly state?: EvidenceState | undefined;
}

/**
 * The evidence a document stores: null without one; else the request's fields with `state`
 * resolved from its pieces (billing, bank and additional-evidence countries agree or
 * conflict; an IP address is one with the country the server's geolocation gives it,
 * `ipCountry`, and without it none): billing DE and bank
 * FR are `conflicting`, billing and bank DE `confirmed`, billing DE alone `unsettled`.
 */
export function documentEvidence(evidence: DocumentEvidence | undefined, rules: RuleSet, ipCountry?: string): Readonly<Record<string, unknown>> | null {
  if (evidence === undefined) return null;
  const { state: claimed, ...given } = evidence;
  void claimed;
  const verdict = resolveEvidence(
    { billing_country: given.billing_country ?? null, bank_country: given.bank_country ?? null, additional_evidence_country: given.additional_evidence_country ?? null, ip_address: given.ip_address ?? null },
    { rules, ...(ipCountry !== undefined && given.ip_address !== undefined ? { ipCountry } : {}) },
  );
  return { ...given, state: verdict.state };
}
