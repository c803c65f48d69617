import { benchAccount, corpus, largeSellerSpec } from './corpus.js';
import type { TaxRateQuery } from '../src/adapters/v20241028.js';
const lib = (await import(new URL('../dist/index.js', import.meta.url).href)) as typeof import('../src/index.js');
const { calculateTaxRate, prepareAccount, defineAccount, defaultRuleSet } = lib;
const usRegions = [...(defaultRuleSet.countries.get('US')?.byRegion.keys() ?? [])];
const largePlain = JSON.parse(JSON.stringify(defineAccount(largeSellerSpec(usRegions))));
const largePrepared = prepareAccount(largePlain);
const mode = process.env.MODE ?? 'obj';
const qs = corpus.map((q) => new URLSearchParams(q as Record<string, string>).toString());
let sink = 0;
const t0 = performance.now();
let calls = 0;
while (performance.now() - t0 < Number(process.env.MS ?? 4000)) {
  for (let i = 0; i < corpus.length; i++) {
    const r = mode === 'qs' ? calculateTaxRate(qs[i] as string, largePrepared) : calculateTaxRate(corpus[i] as TaxRateQuery, largePrepared);
    sink += r.rate;
    calls++;
  }
}
console.log(mode, ((performance.now() - t0) * 1e6 / calls).toFixed(0), 'ns/call', sink > 0);
