import { measure, do_not_optimize } from 'mitata';
import { corpus, largeSellerSpec } from './corpus.js';
import type { TaxRateQuery } from '../src/adapters/v20241028.js';
const lib = (await import(new URL(process.env.DIST ?? '../dist/index.js', import.meta.url).href)) as typeof import('../src/index.js');
const { calculateTaxRate, defineAccount, defaultRuleSet } = lib;
const usRegions = [...(defaultRuleSet.countries.get('US')?.byRegion.keys() ?? [])];
const largeJson = JSON.stringify(defineAccount(largeSellerSpec(usRegions)));
const n = corpus.length;
let bq = Infinity, bp = Infinity;
for (let r = 0; r < 5; r++) {
  bq = Math.min(bq, (await measure(() => { for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i] as TaxRateQuery, JSON.parse(largeJson))); }, { min_cpu_time: 250e6 } as never)).p50 / n);
  bp = Math.min(bp, (await measure(() => do_not_optimize(JSON.parse(largeJson)), { min_cpu_time: 250e6 } as never)).p50);
}
console.log(`per-request quote ${bq.toFixed(0)} ns, JSON.parse ${bp.toFixed(0)} ns, ratio ${(bq / bp).toFixed(2)}; ${JSON.parse(largeJson).registrations.length} registrations, ${largeJson.length} bytes`);
