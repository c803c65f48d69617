import { measure, do_not_optimize } from 'mitata';
import { benchAccount, corpus } from './corpus.js';
import type { TaxRateQuery } from '../src/adapters/v20241028.js';
const dir = process.env.DIST ?? '../dist';
const lib = (await import(new URL(dir + '/index.js', import.meta.url).href)) as typeof import('../src/index.js');
const { calculateTaxRate, prepareAccount, defaultRuleSet } = lib;
prepareAccount(benchAccount, defaultRuleSet);
const priced = corpus.map((q) => ({ ...q, amount: '123.45' }));
const answers = (q: TaxRateQuery) => { try { calculateTaxRate(q, benchAccount); return true; } catch { return false; } };
const cat = priced.map((q): TaxRateQuery => ({ ...(q as TaxRateQuery), tax_code: 'food', product_type: 'good' })).filter(answers);
const std = cat.map((q) => ({ ...q, tax_code: 'standard' }));
const n = cat.length;
const f = (qs: TaxRateQuery[]) => () => { for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(qs[i] as TaxRateQuery, benchAccount)); };
if (process.env.WARM) {
  const inclusive = priced.map((q) => ({ ...q, tax_behavior: 'inclusive' }));
  const acc = JSON.stringify(benchAccount);
  for (let k = 0; k < 3000; k++) for (let i = 0; i < corpus.length; i++) {
    calculateTaxRate(corpus[i] as TaxRateQuery, benchAccount);
    calculateTaxRate(corpus[i] as TaxRateQuery, benchAccount, { cache: false });
    if (k % 10 === 0) calculateTaxRate(corpus[i] as TaxRateQuery, JSON.parse(acc));
    calculateTaxRate(priced[i] as TaxRateQuery, benchAccount);
    calculateTaxRate(inclusive[i] as TaxRateQuery, benchAccount);
  }
}
let bs = Infinity, bc = Infinity;
for (let r = 0; r < 5; r++) {
  bs = Math.min(bs, (await measure(f(std), { min_cpu_time: 250e6 } as never)).p50 / n);
  bc = Math.min(bc, (await measure(f(cat), { min_cpu_time: 250e6 } as never)).p50 / n);
}
console.log(`n=${n} standard ${bs.toFixed(0)} ns, food ${bc.toFixed(0)} ns, ratio ${(bc / bs).toFixed(3)}`);
