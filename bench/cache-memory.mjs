// The decision cache's memory under a worst case: 100 sellers (each its own registrations)
// quoting 20 000 different US addresses each, 2 million quotes of distinct situations.
// Run with --expose-gc; prints JSON: heap growth, what the cache says it holds, its bound.
const [, , entry, sellersArg = '100', addressesArg = '20000'] = process.argv;
const m = await import(entry);
const sellers = Number(sellersArg);
const addresses = Number(addressesArg);
// ZIP codes of US states whose ZIP ranges are dense (a fixed, repeatable list).
const zips = [];
for (let z = 10001; zips.length < addresses && z < 99950; z += 3) zips.push(String(z).padStart(5, '0'));
const calculator = m.createCalculator();
const accounts = Array.from({ length: sellers }, (_, i) => ({
  country: 'US', postal_code: '98101', currency: 'USD',
  registrations: [{ jurisdiction_id: 840053 }, { jurisdiction_id: 840006, valid_from: `${2000 + (i % 25)}-01-${String(1 + Math.floor(i / 25)).padStart(2, '0')}` }],
}));
globalThis.gc();
const before = process.memoryUsage().heapUsed;
let quotes = 0;
const t0 = performance.now();
for (const account of accounts) {
  for (const zip of zips) {
    try {
      calculator.calculateTaxRate({ to_country: 'US', to_postal_code: zip, tax_code: 'standard', product_type: 'good', date: '2026-06-01' }, account);
    } catch {
      // ZIP codes that are no state's: refused, as they should be.
    }
    quotes++;
  }
}
const seconds = (performance.now() - t0) / 1000;
globalThis.gc();
const after = process.memoryUsage().heapUsed;
const stats = calculator.cacheStats();
console.log(JSON.stringify({ sellers, addresses: zips.length, quotes, seconds, heapGrowthBytes: after - before, stats }));
