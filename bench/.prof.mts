import { calculateTaxRate, prepareAccount, defaultRuleSet } from '../src/index.ts';
import { benchAccount, corpus } from './corpus.ts';
prepareAccount(benchAccount, defaultRuleSet);
let x = 0;
const t0 = performance.now();
for (let r = 0; r < 60000; r++) for (const q of corpus) x += calculateTaxRate(q, benchAccount).rate;
console.log((performance.now() - t0) * 1e6 / (60000 * corpus.length), 'ns/op', x);
