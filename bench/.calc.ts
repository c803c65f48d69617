import { benchAccount } from './corpus.js';
const m = (await import(new URL('../dist/index.js', import.meta.url).href)) as typeof import('../src/index.js');
const body: import('../src/index.js').CalculationRequest = {
  customer_address: { country: 'DE' },
  tax_date: 1_780_315_200,
  line_items: Array.from({ length: 10 }, (_, i) => ({ reference: `l${i}`, amount: `${10 + i}.99`, tax_code: i % 3 === 0 ? 'ebook' : 'saas' })),
};
m.prepareAccount(benchAccount, m.defaultRuleSet);
let best = Infinity;
for (let w = 0; w < Number(process.env.W ?? 10); w++) { const t0 = performance.now(); for (let k = 0; k < 10000; k++) m.calculate(body, benchAccount); best = Math.min(best, (performance.now() - t0) * 100); }
console.log(best.toFixed(0), 'ns per calculate');
