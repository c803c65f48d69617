// bench/cmp-tmp.ts
import { cpus, totalmem } from "node:os";
import { measure, do_not_optimize } from "mitata";
import Decimal from "decimal.js";
import salesTax from "sales-tax";
import { checkVAT, countries as jsvatCountries } from "jsvat";
import * as stdnumPkg from "stdnum";

// bench/corpus.ts
var benchAccount = {
  country: "IE",
  postal_code: "D02X285",
  currency: "EUR",
  registrations: [
    { jurisdiction_id: 372 },
    { jurisdiction_id: 9e3, valid_from: "2021-07-01" },
    { jurisdiction_id: 826 },
    { jurisdiction_id: 756 },
    { jurisdiction_id: 124 },
    { jurisdiction_id: 124024 },
    { jurisdiction_id: 124059 },
    { jurisdiction_id: 840048 },
    { jurisdiction_id: 840036 },
    { jurisdiction_id: 840053 },
    { jurisdiction_id: 840006 }
  ]
};
var queries = [
  { to_country: "DE", tax_code: "ebook" },
  { to_country: "FR", tax_code: "saas" },
  { to_country: "IT", tax_code: "eservice" },
  { to_country: "NL", tax_code: "standard", product_type: "good" },
  { to_country: "ES", tax_code: "saas", tax_id: "ESA28015865" },
  { to_country: "DE", tax_code: "saas", tax_id: "DE811569869" },
  { to_country: "IE", tax_code: "consulting" },
  { to_country: "DE", to_postal_code: "27498", tax_code: "eservice" },
  { to_country: "ES", to_postal_code: "35001", tax_code: "eservice" },
  { to_country: "AT", to_postal_code: "6691", tax_code: "eservice" },
  { to_country: "GB", tax_code: "ebook" },
  { to_country: "CH", tax_code: "saas" },
  { to_country: "US", to_postal_code: "78701", tax_code: "saas" },
  { to_country: "US", to_postal_code: "10001", tax_code: "standard", product_type: "good" },
  { to_country: "US", to_postal_code: "98101", tax_code: "eservice" },
  { to_country: "US", to_postal_code: "97201", tax_code: "standard", product_type: "good" },
  { to_country: "US", to_postal_code: "33101", tax_code: "standard", product_type: "good" },
  { to_country: "CA", to_postal_code: "H2X1Y4", tax_code: "standard", product_type: "good" },
  { to_country: "CA", to_postal_code: "V6B1A1", tax_code: "saas" },
  { to_country: "CA", to_postal_code: "M5V2T6", tax_code: "eservice" },
  { to_country: "AU", tax_code: "eservice" },
  { to_country: "JP", tax_code: "ebook" }
];
var corpus = queries.map((q) => ({ ...q, date: "2026-06-01" }));
var salesTaxB2C = [
  ["DE", null],
  ["FR", null],
  ["IT", null],
  ["NL", null],
  ["IE", null],
  ["GB", null],
  ["CH", null],
  ["US", "TX"],
  ["US", "NY"],
  ["US", "WA"],
  ["US", "OR"],
  ["US", "FL"],
  ["CA", "QC"],
  ["CA", "BC"],
  ["CA", "ON"],
  ["AU", null],
  ["JP", null]
];

// bench/floor.ts
var rates = /* @__PURE__ */ new Map();
for (const [country, region, units] of [
  ["DE", "", 19e4],
  ["FR", "", 2e5],
  ["US", "TX", 62500],
  ["US", "NY", 4e4],
  ["CA", "QC", 5e4]
]) {
  let m = rates.get(country);
  if (!m) rates.set(country, m = /* @__PURE__ */ new Map());
  m.set(region, units);
}
var starts = new Int32Array(Array.from({ length: 4e4 }, (_, i) => i * 2));
var regionOf = ["TX", "NY"];
function zipIndex(zip) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >> 1;
    if (starts[mid] <= zip) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi;
}
function floorQuote(input) {
  const region = input.country === "US" ? regionOf[zipIndex(input.zip) & 1] : "";
  const units = rates.get(input.country)?.get(region) ?? 0;
  const tax = Math.round(input.amountMinor * units / 1e6);
  return { rate: units / 1e4, tax, total: input.amountMinor + tax, region };
}

// bench/cmp-tmp.ts
var lib = await import(process.env.LIB ?? new URL("../dist/index.js", import.meta.url).href);
var { calculateTaxRate, calculate, prepareAccount, defaultRuleSet } = lib;
prepareAccount(benchAccount, defaultRuleSet);
var rows = [];
var cases = [];
function bench(name, fn, perCall = 1, setup) {
  const row = { name, nsMedian: Number.NaN, nsP99: Number.NaN, opsPerSec: Number.NaN };
  rows.push(row);
  cases.push({ row, fn, perCall, setup, best: null });
  return row;
}
async function measureAll(rounds = 5) {
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      c.setup?.();
      const stats = await measure(c.fn, { min_cpu_time: 250 * 1e6 });
      if (!c.best || stats.p50 < c.best.p50) c.best = { p50: stats.p50, p99: stats.p99 };
    }
  }
  for (const c of cases) {
    const stats = c.best;
    Object.assign(c.row, { nsMedian: stats.p50 / c.perCall, nsP99: stats.p99 / c.perCall, opsPerSec: 1e9 / (stats.p50 / c.perCall) });
    const row = c.row;
    console.log(`${row.name.padEnd(58)} ${row.nsMedian.toFixed(0).padStart(8)} ns  p99 ${row.nsP99.toFixed(0).padStart(8)} ns  ${Math.round(row.opsPerSec).toLocaleString("en").padStart(12)} ops/s`);
  }
}
var n = corpus.length;
var priced = corpus.map((q) => ({ ...q, amount: "123.45" }));
var inclusive = priced.map((q) => ({ ...q, tax_behavior: "inclusive" }));
var queryStrings = priced.map((q) => new URLSearchParams(q).toString());
var floorInputs = corpus.map((q, i) => ({ country: q.to_country, zip: Number(q.to_postal_code ?? 0) || i * 7, amountMinor: 12345 }));
var usp8 = "to_country=DE&to_postal_code=10115&tax_code=ebook&tax_behavior=exclusive&product_type=service&date=2026-06-01&amount=100&currency=EUR";
var keys8 = ["to_country", "to_postal_code", "tax_code", "tax_behavior", "product_type", "date", "amount", "currency"];
var tenLines = {
  customer_address: { country: "DE" },
  tax_date: 1780315200,
  line_items: Array.from({ length: 10 }, (_, i) => ({ reference: `l${i}`, amount: `${10 + i}.99`, tax_code: i % 3 === 0 ? "ebook" : "saas" }))
};
console.log(`taxrules bench \u2014 node ${process.version}, ${cpus().length} \xD7 ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB
`);
var floor = bench("floor: Map lookups + ZIP search + integer tax", () => {
  for (let i = 0; i < n; i++) do_not_optimize(floorQuote(floorInputs[i]));
}, n);
var rateOnly = bench("taxrules rate-only quote (object query)", () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i], benchAccount));
}, n);
var accountJson = JSON.stringify(benchAccount);
var rateUncached = bench("taxrules rate-only quote, decision table off", () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i], benchAccount, { cache: false }));
}, n);
var frozenAccount = Object.freeze({ ...benchAccount, registrations: Object.freeze(benchAccount.registrations.map((r) => Object.freeze({ ...r }))) });
var rateFrozen = bench("taxrules rate-only quote, deeply frozen account", () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i], frozenAccount));
}, n);
var rateFreshAccount = bench("taxrules rate-only quote, account parsed per call", () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(corpus[i], JSON.parse(accountJson)));
}, n);
var accountParse = bench("reference: JSON.parse of the account alone", () => {
  do_not_optimize(JSON.parse(accountJson));
});
var pricedEx = bench("taxrules priced quote, exclusive", () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(priced[i], benchAccount));
}, n);
var pricedIn = bench("taxrules priced quote, inclusive", () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(inclusive[i], benchAccount));
}, n);
var qs = bench("taxrules priced quote from a query string", () => {
  for (let i = 0; i < n; i++) do_not_optimize(calculateTaxRate(queryStrings[i], benchAccount));
}, n);
var usp = bench("URLSearchParams of 8 parameters + 8 get", () => {
  const p = new URLSearchParams(usp8);
  for (const k of keys8) do_not_optimize(p.get(k));
});
var calc10 = bench("taxrules calculate, 10 lines (v20260309)", () => do_not_optimize(calculate(tenLines, benchAccount)));
salesTax.setTaxOriginCountry("IE");
var peerB2C = bench("peer: npm sales-tax getSalesTax, B2C (awaited)", async () => {
  for (const [c, s] of salesTaxB2C) do_not_optimize(await salesTax.getSalesTax(c, s));
}, salesTaxB2C.length, () => salesTax.toggleEnabledTaxNumberValidation(false));
var ids = ["DE811569869", "FR40303265045", "ESA28015865", "NL004495445B01", "ATU13585627", "IT00743110157", "BE0411905847", "PL5260250995", "DE811569868", "FR4030326504", "ATU13585626", "IT00743110158"];
var validateRow = bench("taxrules validateTaxId (prefix decides the country)", () => {
  for (const id of ids) do_not_optimize(lib.validateTaxId(null, id));
}, ids.length);
var jsvatRow = bench("peer: npm jsvat checkVAT (all countries)", () => {
  for (const id of ids) do_not_optimize(checkVAT(id, jsvatCountries));
}, ids.length);
var stdnumEu = stdnumPkg.euVat;
var stdnumRow = bench("peer: npm stdnum euVat[country].validate", () => {
  for (const id of ids) {
    const prefix = id.slice(0, 2);
    do_not_optimize(stdnumEu[prefix === "EL" ? "GR" : prefix]?.[0]?.validate(id.slice(2)));
  }
}, ids.length);
var b2b = [["DE", "DE811569869"], ["FR", "FR40303265045"], ["ES", "ESA28015865"], ["NL", "NL004495445B01"], ["AT", "ATU13585627"], ["IT", "IT00743110157"]];
var b2bQueries = b2b.map(([c, id]) => ({ to_country: c, tax_code: "saas", tax_id: id }));
var oursB2B = bench("taxrules rate-only quote, EU B2B with its tax-ID check", () => {
  for (const q of b2bQueries) do_not_optimize(calculateTaxRate(q, benchAccount));
}, b2b.length);
var peerB2B = bench("peer: npm sales-tax getSalesTax, EU B2B (offline VAT check)", async () => {
  for (const [c, id] of b2b) do_not_optimize(await salesTax.getSalesTax(c, null, id));
}, b2b.length, () => {
  salesTax.toggleEnabledTaxNumberValidation(true);
  salesTax.toggleEnabledTaxNumberFraudCheck(false);
});
var changeCheck = bench("account change check (11 registrations), per call", () => {
  do_not_optimize(prepareAccount(benchAccount, defaultRuleSet));
});
var decimalRow = bench("reference: decimal.js times + toDecimalPlaces", () => {
  do_not_optimize(new Decimal("123.45").times("0.19").toDecimalPlaces(2));
});
await measureAll();
