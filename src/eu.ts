/**
 * `taxrules/eu`: the same API as the main entry, built with the EU rule pack — every
 * country that is or was in the EU VAT area, every special territory and the countries
 * those are taxed as (GB, CH, IC) — and the tax-ID modules of those countries. Other
 * destinations answer as countries without rules. The build points the default rule data
 * and the tax-ID list at their EU versions (see scripts/entry-plugins.ts); run from
 * source, this module is the main entry.
 */
export * from './index.js';
