import * as A from '/tmp/base/src/core/pricing.ts';
import * as B from '../src/core/pricing.ts';
const f = process.argv[2] === 'old' ? A.price : B.price;
const L = (rateUnits: number, group: 'main'|'additional' = 'main', partUnits = 1_000_000) => ({ rateUnits, partUnits, group });
const cases: Record<string, any[]> = {
  vat: [L(190_000)],
  us4: [L(60_000), L(10_000), L(15_000), L(5_000)],
  txsaas: [L(62_500, 'main', 800_000), L(20_000, 'main', 800_000)],
  gstpst: [L(50_000), L(70_000, 'additional')],
};
const amounts = [12_345, 99_999, 1_000_000, 7];
const out: string[] = [process.argv[2]];
for (const [name, lines] of Object.entries(cases).filter(([k]) => !process.argv[3] || k === process.argv[3])) {
  for (let i = 0; i < 200000; i++) f(lines, amounts[i & 3], i & 4 ? 'inclusive' : 'exclusive');
  const res: number[] = [];
  for (let w = 0; w < 8; w++) {
      const t = process.hrtime.bigint();
      let s = 0;
      for (let i = 0; i < 300000; i++) s += f(lines, amounts[i & 3], i & 4 ? 'inclusive' : 'exclusive').taxes.length;
      res.push(Number(process.hrtime.bigint() - t) / 300000);
  }
  out.push(name + ' ' + Math.min(...res).toFixed(1));
}
console.log(out.join('  '));
