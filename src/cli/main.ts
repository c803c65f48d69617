import { readFileSync } from 'node:fs';
import { calculateTaxRate, explainTaxRate } from '../adapters/v20241028.js';
import type { Account } from '../adapters/account.js';
import { getJurisdiction, getTaxCode, listJurisdictions, listTaxCodes } from '../catalog.js';
import { TaxRulesError } from '../core/errors.js';
import { defaultRuleSet } from '../default-rules.js';
import { demoAccount } from './demo-account.js';

const USAGE = `taxrules — offline sales tax, VAT and GST

Usage:
  taxrules quote [QUERY] [flags]      the tax of a sale, as GET /tax_rates/calculate (v20241028) answers it
  taxrules jurisdictions [--country CC] [--region R|none]
  taxrules jurisdiction ID
  taxrules tax-codes
  taxrules tax-code ID

QUERY is a query string such as 'to_country=DE&tax_code=ebook&amount=100'.
Flags of quote (each sets the parameter of the same name):
  --to-country CC  --to-postal-code P  --to-city C  --to-street S
  --from-country CC  --from-postal-code P  --tax-id ID  --tax-code CODE
  --tax-behavior exclusive|inclusive  --product-type good|service
  --date YYYY-MM-DD  --amount N  --currency CUR
  --account FILE   the seller (JSON: country, postal_code, currency, registrations…);
                   without it a demo seller in Ireland registered everywhere is used
  --explain        print the full result: status, reason, jurisdiction, rate sources

Exit status: 0 success, 1 the input was refused (the error is printed as JSON), 2 usage.`;

interface Parsed {
  positional: string[];
  flags: Map<string, string | true>;
}

function parseArgs(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      if (eq > 0) flags.set(a.slice(2, eq), a.slice(eq + 1));
      else if (a === '--explain' || a === '--help') flags.set(a.slice(2), true);
      else {
        const v = argv[i + 1];
        if (v === undefined) throw new UsageError(`${a} needs a value`);
        flags.set(a.slice(2), v);
        i++;
      }
    } else positional.push(a);
  }
  return { positional, flags };
}

class UsageError extends Error {}

function flag(p: Parsed, name: string): string | undefined {
  const v = p.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

const QUERY_FLAGS = [
  'to-country',
  'to-postal-code',
  'to-city',
  'to-street',
  'from-country',
  'from-postal-code',
  'tax-id',
  'tax-code',
  'tax-behavior',
  'product-type',
  'date',
  'amount',
  'currency',
];

export function run(argv: string[], out: (s: string) => void, err: (s: string) => void): number {
  let p: Parsed;
  try {
    p = parseArgs(argv);
  } catch (e) {
    err(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [command, ...rest] = p.positional;
  if (!command || p.flags.has('help') || command === 'help') {
    (command ? out : err)(USAGE);
    return command ? 0 : 2;
  }
  const known = new Set([...QUERY_FLAGS, 'account', 'explain', 'country', 'region', 'help']);
  for (const f of p.flags.keys()) {
    if (!known.has(f)) {
      err(`unknown flag --${f}\n\n${USAGE}`);
      return 2;
    }
  }
  try {
    switch (command) {
      case 'quote': {
        if (rest.length > 1) throw new UsageError('quote takes one query string');
        const query = new URLSearchParams(rest[0] ?? '');
        for (const f of QUERY_FLAGS) {
          const v = flag(p, f);
          if (v !== undefined) query.set(f.replace(/-/g, '_'), v);
        }
        const accountFile = flag(p, 'account');
        let account: Account;
        if (accountFile) {
          account = JSON.parse(readFileSync(accountFile, 'utf8')) as Account;
        } else {
          account = demoAccount(defaultRuleSet);
          err('taxrules: no --account given: using a demo seller in Ireland registered in every jurisdiction');
        }
        const result = p.flags.has('explain') ? explainTaxRate(query, account) : calculateTaxRate(query, account);
        out(JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2));
        return 0;
      }
      case 'jurisdictions':
        out(JSON.stringify(listJurisdictions({ country: flag(p, 'country'), region: flag(p, 'region') }), null, 2));
        return 0;
      case 'jurisdiction':
        out(JSON.stringify(getJurisdiction(Number(rest[0])), null, 2));
        return 0;
      case 'tax-codes':
        out(JSON.stringify(listTaxCodes(), null, 2));
        return 0;
      case 'tax-code':
        out(JSON.stringify(getTaxCode(rest[0] ?? ''), null, 2));
        return 0;
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${e.message}\n\n${USAGE}`);
      return 2;
    }
    if (e instanceof TaxRulesError) {
      err(JSON.stringify(e.toJSON(), null, 2));
      return 1;
    }
    if (e instanceof SyntaxError || (e as NodeJS.ErrnoException).code === 'ENOENT') {
      err(`taxrules: cannot read the account file: ${(e as Error).message}`);
      return 1;
    }
    throw e;
  }
}
