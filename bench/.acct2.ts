import { corpus, largeSellerSpec } from './corpus.js';
import type { TaxRateQuery } from '../src/adapters/v20241028.js';
const lib = (await import(new URL('../dist/index.js', import.meta.url).href)) as typeof import('../src/index.js');
const { calculateTaxRate, defineAccount, defaultRuleSet } = lib;
const usRegions = [...(defaultRuleSet.countries.get('US')?.byRegion.keys() ?? [])];
const largeJson = JSON.stringify(defineAccount(largeSellerSpec(usRegions)));
let s = 0; const t0 = performance.now(); let c = 0;
while (performance.now() - t0 < 5000) { for (let i = 0; i < corpus.length; i++) { s += calculateTaxRate(corpus[i] as TaxRateQuery, JSON.parse(largeJson)).rate; c++; } }
console.log(((performance.now() - t0) * 1e6 / c).toFixed(0), 'ns', s > 0);
