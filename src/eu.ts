/**
 * `taxrules/eu`: the calculation API (quotes in both API forms, accounts, jurisdictions, tax
 * codes, tax IDs) built with the EU rule pack — every country that is or was in the EU VAT
 * area, every special territory and the countries those are taxed as (GB, CH, IC) — and the
 * tax-ID modules of those countries. Other destinations answer as countries without rules.
 * Billing documents, US economic nexus and the compliance helpers are the main entry's: a
 * browser or edge function quoting EU sales carries none of their code or data. The build
 * points the default rule data and the tax-ID list at their EU versions (see
 * scripts/entry-plugins.ts); run from source, it calculates with every rule file.
 */
export * from './calculation-api.js';
