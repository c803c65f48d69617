/**
 * Builds rules/us/local/<ST>.json (the local sales taxes of US states and the rate areas of
 * their ZIP codes) from public data. Rerun it on each quarter's files.
 *
 * Geometry: which counties and incorporated places each ZIP code (ZCTA) overlaps, from the
 * U.S. Census Bureau's 2020 ZCTA relationship files and 2025 place Gazetteer (public
 * domain), as tabulated by bdurand/us_geo (MIT licence; commit 31592c09, 2026-01-19):
 *   2020_dist/zcta_counties.csv   ZCTA5, County GEOID, Land Area, Water Area (sq mi)
 *   2020_dist/zcta_places.csv     ZCTA5, Place GEOID, Land Area, Water Area (rows with a
 *                                 Land Area of exactly "0" are GNIS points us_geo adds, not
 *                                 Census overlaps: skipped)
 *   2020_dist/counties.csv        GEOID, …, Population, …, Land Area
 *   2020_dist/places.csv          GEOID, …, County GEOID, …, Population, …, Land Area
 *   2020_dist/place_counties.csv  Place GEOID, County GEOID
 *   raw/gazetteer/2025_Gaz_place_national.txt   USPS|GEOID|…|NAME|LSAD|FUNCSTAT|…
 *   2020_dist/zcta_county_subdivisions.csv      ZCTA5, County Subdivision GEOID, Land Area
 *   raw/gazetteer/2025_Gaz_cousubs_national.txt USPS|GEOID|…|NAME|…   (Vermont's towns)
 * (the same files with "/" written as "__" are read too). Only incorporated places levy city
 * taxes: FUNCSTAT A, B or C and LSAD other than 57 (census designated place).
 *
 * PO-box and unique ZIP codes have no Census area: they are placed afterwards by the city ZIP
 * lists of open-sales-tax (scripts/us-pobox.ts; scripts/import-us-pobox.ts does it alone).
 *
 * Shares: a ZIP code's rate areas are weighed by estimated population (a dasymetric
 * estimate): a part inside an incorporated place gets the place's density (2020_dist/places.csv
 * population over land), a part outside gets its county's density outside incorporated
 * places (2020_dist/counties.csv less its places), times the part's land; a ZIP without
 * people is weighed by land. Parts under 1 % are dropped, and the shares are rounded to
 * whole percents that add up to 100.
 *
 * Rates (each state's recipe names its publishers; files under ../shared/sources/us, whose
 * README records each file's origin and licence):
 *   opensalestax/curated_local_rates.csv   open-sales-tax 4cfd3c2 (Apache-2.0): county, city
 *     and district rates as compiled from the states' publications
 *   ca-cdtfa/SalesTaxRates1-1-26-cleaned.csv   CDTFA rates effective 2026-01-01
 *   daigou-calc-data/state_rules.json       Virginia's regional and local add-ons (MIT)
 *   sst/<ST>R<YYYY>Q<n><MMMDD>.csv          Streamlined Sales Tax rate files of GA, MN, WI
 *                                           (state publications, as bundled by open-sales-tax)
 *   taxlocus/jurisdiction_rates.csv         TaxLocus Open Sales-Tax Dataset, 2026-08-18
 *                                           (CC-BY-4.0; attribution: "Sales-tax data by
 *                                           TaxLocus — https://taxlocus.com")
 * and our own transcriptions of dated publications, under scripts/us-local/:
 *   ca-district-taxes.json            CDTFA publication 105, Rev. 39 (1-26): every California
 *                                     district tax with its rate, effective and end dates (the
 *                                     history from 2023-04-01)
 *   nc-county-rates-2024-07-01.json   NCDOR's combined rates by county effective 2024-07-01
 *   history/wa-dor-quarterly/wa_location_rates_2019Q1_2026Q2.csv   Washington Department of
 *                                           Revenue's quarterly tables by location code, 2019 Q1
 *                                           to 2026 Q2 (from the history of
 *                                           kidGodzilla/washington-state-sales-tax, MIT): the WA
 *                                           recipe's `history`
 *   history/taxlocus-weekly/jurisdiction_rate_changes_2026-05-19_to_2026-08-18.csv
 *                                           the change log of TaxLocus's 14 weekly tables
 *                                           (CC-BY-4.0), which scripts/us-local/weekly.ts reads
 *                                           as scripts/us-local/taxlocus-weekly.json says
 * and, written into the recipes with their sources: Carlton County's (Minnesota) transit tax
 * from 2015-04-01 (the county, its Ordinance #38), the Hawaii county surcharge dates
 * (Department of Taxation, County of Hawaii, Maui County Council), the Vermont Department of
 * Taxes' list of local option towns with their dates, the Idaho State Tax Commission's
 * and McCall's retail rates, the Colorado special districts placed by area (the Regional
 * Transportation District, the Scientific and Cultural Facilities District, the Pikes Peak
 * Rural Transportation Authority, Summit County's transit and housing taxes) with the county a
 * row of a city in several counties describes (told by the city's own rate in the Colorado
 * Department of Revenue's DR 1002), California's changes since CDTFA's table, and for
 * Tennessee the Department of Revenue's situs codes of cities in several counties, its notice
 * of Davidson County's transit surcharge and its single-article rule. Louisiana's
 * jurisdiction codes (the parish's alphabetical number, Census code 2n − 1) and Tennessee's
 * situs codes (the county's, likewise) are read by the code.
 *
 * Layout of scripts/us-local/:
 *   recipes/<ST>.json   each state's recipe, as data: `kind` names its reader ("ost":
 *                       open-sales-tax's table; "taxlocus" and "sst-counties": TaxLocus's
 *                       table; "sst": a Streamlined Sales Tax rate file; "counties": dated
 *                       county rates the recipe lists; or the state's own, "tennessee",
 *                       "colorado", …), the other fields what the reader takes: publishers and
 *                       sources, sourcing, coverage and notes, and the state's quirks (aliases,
 *                       rows left out, overrides, districts placed by area, caps, the counts
 *                       checked). Wording that depends on the build is a template whose
 *                       placeholders ("{cities}") the reader fills. A new quarter's notice is
 *                       an edit of the recipe, not of the code, which keeps the reading of the
 *                       sources.
 *   recipe.schema.json  the recipes' JSON Schema: every recipe is checked against it (ajv)
 *                       before any state is built; a field its kind does not know, a
 *                       placeholder a template may not name, an impossible date stop the import.
 *   kinds.ts            the kinds: a recipe's reader, and the reading of a recipe file
 *   kinds/              the generic readers (ost, taxlocus and sst-counties, sst, counties)
 *   states/<st>.ts      a state's own reader (CA, CO, ID, LA, NC, NM, PR, TN, TX, VA, VT, WA)
 *   inputs.ts           the Census geometry and the rate tables read once (`loadInputs`), and
 *                       the lookups of Census names
 *   state-rates.ts      what a reader gives (StateRates: counties, cities, districts) and
 *                       the shared helpers of rates
 *   areas.ts            a ZIP code's rate areas and shares, and the file they make (buildFile)
 *   recipe.ts           the prose every reader's recipe gives (templates filled, caps)
 *   run.ts              one state's import: reader, file, history, PO boxes, taxability kept
 *   taxability.ts       the hand-written taxability tables a rebuild keeps
 *   history/<ST>.json   a state's dated history (published changes and the lists that show
 *                       the rest unchanged), handled by scripts/us-local-history.ts
 *   weekly.ts, taxlocus-weekly.json   the states recorded back to TaxLocus's first weekly
 *                       table: the reader run on each weekly table, changes dated by the
 *                       state's change days (the rule and its law in the JSON)
 *   corrections.ts, corrections.json   later rates a state's file does not carry yet, and
 *                       the day after which a jurisdiction's rate cannot be established
 *                       (`until`: a later day is refused), each with its source and reason
 *   the transcriptions above, which recipes name (CA's `publication`, NC's `table`).
 *
 * A state's file keeps the `taxability` tables written into it by hand (the file's own and each
 * jurisdiction's; scripts/us-local/taxability.ts): a rebuild replaces only what it builds.
 *
 * Usage: tsx scripts/import-us-local.ts --geo DIR [--sources DIR] [--states FL,TX,…] [--checked YYYY-MM-DD]
 *                                       [--out DIR] [--recipes DIR] [--history DIR] [--weekly FILE] [--corrections FILE]
 *   --geo      a us_geo data directory (with 2020_dist/ and raw/gazetteer/)
 *   --sources  default ../shared/sources/us
 *   --out      where the files are written (and the files whose taxability is kept are read), default rules/us/local
 *   --recipes  default scripts/us-local/recipes;  --history  default scripts/us-local/history
 *   --weekly   default scripts/us-local/taxlocus-weekly.json;  --corrections  default scripts/us-local/corrections.json
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPoBoxSource } from './us-pobox.js';
import { loadInputs } from './us-local/inputs.js';
import { readRecipe } from './us-local/kinds.js';
import { importState } from './us-local/run.js';
import { loadCorrections } from './us-local/corrections.js';
import { loadWeekly } from './us-local/weekly.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const geoDir = arg('--geo');
const srcDir = arg('--sources') ?? '../shared/sources/us';
if (!geoDir) {
  console.error('usage: tsx scripts/import-us-local.ts --geo DIR [--sources DIR] [--states FL,TX] [--checked YYYY-MM-DD] [--out DIR] [--recipes DIR] [--history DIR]');
  process.exit(2);
}
// The day the rates were checked against their sources: today, or `--checked` when a state
// is rebuilt for a change that is not a new check of its rates (its rates' date is kept).
const CHECKED = arg('--checked') ?? new Date().toISOString().slice(0, 10);
if (!/^\d{4}-\d{2}-\d{2}$/.test(CHECKED)) {
  console.error(`--checked ${CHECKED}: not a date (YYYY-MM-DD)`);
  process.exit(2);
}
loadInputs({ geo: geoDir, sources: srcDir, checked: CHECKED });

/** Every state's recipe, scripts/us-local/recipes/<ST>.json, checked before any is built. */
const RECIPES_DIR = arg('--recipes') ?? 'scripts/us-local/recipes';
const OUT_DIR = arg('--out') ?? 'rules/us/local';
const HISTORY_DIR = arg('--history') ?? 'scripts/us-local/history';
const recipes = new Map(
  readdirSync(RECIPES_DIR)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((name) => [name.replace(/\.json$/, ''), readRecipe(join(RECIPES_DIR, name), name.replace(/\.json$/, ''))] as const),
);

const wanted = (arg('--states') ?? [...recipes.keys()].join(',')).split(',');
mkdirSync(OUT_DIR, { recursive: true });
const poBoxSource = loadPoBoxSource(srcDir);
const weekly = loadWeekly(arg('--weekly') ?? 'scripts/us-local/taxlocus-weekly.json');
const corrections = loadCorrections(arg('--corrections') ?? 'scripts/us-local/corrections.json');
for (const state of wanted) {
  const recipe = recipes.get(state);
  if (!recipe) {
    console.error(`no recipe for ${state} (${RECIPES_DIR}/${state}.json)`);
    process.exit(2);
  }
  const { file, text } = importState(recipe, { historyDir: HISTORY_DIR, poBoxes: poBoxSource, outDir: OUT_DIR, weekly, corrections });
  writeFileSync(join(OUT_DIR, `${state}.json`), text);
  const zips = new Set(file.zips.map((z) => z[0]));
  console.log(`${state}: ${file.jurisdictions.length} jurisdictions, ${zips.size} ZIP codes, ${file.zips.length} rows`);
}
