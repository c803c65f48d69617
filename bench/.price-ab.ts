import * as A from '/tmp/base/src/core/pricing.ts';
import * as B from '../src/core/pricing.ts';
const L = (rateUnits: number, group: 'main'|'additional' = 'main', partUnits = 1_000_000) => ({ rateUnits, partUnits, group });
const cases: Record<string, any[]> = {
  vat: [L(190_000)],
  us4: [L(60_000), L(10_000), L(15_000), L(5_000)],
  txsaas: [L(62_500, 'main', 800_000), L(20_000, 'main', 800_000)],
  gstpst: [L(50_000), L(70_000, 'additional')],
};
const amounts = [12_345, 99_999, 1_000_000, 7];
for (const [name, lines] of Object.entries(cases)) {
  for (const f of [A.price, B.price]) for (let i = 0; i < 200000; i++) f(lines, amounts[i & 3], i & 4 ? 'inclusive' : 'exclusive');
  const res: number[][] = [[], []];
  for (let w = 0; w < 8; w++) {
    [A.price, B.price].forEach((f, k) => {
      const t = process.hrtime.bigint();
      let s = 0;
      for (let i = 0; i < 300000; i++) s += f(lines, amounts[i & 3], i & 4 ? 'inclusive' : 'exclusive').taxes.length;
      res[k].push(Number(process.hrtime.bigint() - t) / 300000);
    });
  }
  const min = (a: number[]) => Math.min(...a).toFixed(1);
  console.log(name, 'old', min(res[0]), 'new', min(res[1]));
  // equal answers
  for (const a of [1, 12345, -98765, 10n ** 20n]) for (const b of ['exclusive', 'inclusive'] as const) {
    const x = JSON.stringify({ ...A.price(lines, a as any, b), bases: null }, (_, v) => typeof v === 'bigint' ? v + 'n' : v), y = JSON.stringify(B.price(lines, a as any, b), (_, v) => typeof v === 'bigint' ? v + 'n' : v);
    if (x !== y) console.log('DIFF', name, a, b, x, y);
  }
}
