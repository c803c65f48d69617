/**
 * Writes `src/schema-types.ts`: the request and response types the zod schemas describe,
 * spelled out as plain TypeScript. The public declaration files use these, so they refer to
 * no zod type and the package needs no zod installed (zod is bundled into each entry).
 * It also writes `test/schema-types.check.ts`, which `tsc` checks as part of `npm test`:
 * each written type must equal zod's own inference from the schema, so changing a schema
 * without rerunning this script (`npm run types:schemas`) fails the type check.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { TAX_CODES } from '../src/generated/tax-codes.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where each group of schemas is built: the function that returns them, and its module. */
const GROUPS = {
  account: { fn: 'accountSchemas', module: './adapters/schemas.js' },
  request: { fn: 'requestSchemas', module: './adapters/schemas.js' },
  response: { fn: 'responseSchemas', module: './adapters/schemas.js' },
  transaction: { fn: 'transactionSchemas', module: './documents/v20260309/schemas.js' },
  document: { fn: 'documentSchemas', module: './documents/v20241028/request.js' },
  final: { fn: 'finalSchemas', module: './documents/v20241028/final.js' },
} as const;

type Spec = readonly [name: string, group: keyof typeof GROUPS, key: string, mode: 'input' | 'output', doc: string];

/** Every type written: its name, the schema it is read from, input or output side. */
const SPECS: readonly Spec[] = [
  ['AccountRegistrationInput', 'account', 'registration', 'input', 'A registration of the seller’s account, as given.'],
  ['AccountAddressInput', 'account', 'address', 'input', 'An address of the seller’s account with its dates, as given.'],
  ['AccountInputShape', 'account', 'account', 'input', 'The seller’s account, as given.'],
  ['AccountOutput', 'account', 'account', 'output', 'The seller’s account, as read.'],
  ['CalculationAddress', 'request', 'address', 'input', 'A customer address of a v20260309 calculation.'],
  ['CalculationLineItem', 'request', 'lineItem', 'input', 'A line item of a v20260309 calculation.'],
  ['CalculationRequestShape', 'request', 'request', 'input', 'The body of a v20260309 calculation, as given.'],
  ['CalculationRequestOutput', 'request', 'request', 'output', 'The body of a v20260309 calculation, as read.'],
  ['CalculationJurisdiction', 'response', 'jurisdiction', 'output', 'A jurisdiction in a v20260309 answer.'],
  ['LineTaxShape', 'response', 'lineTax', 'output', 'A tax of a line in a v20260309 answer.'],
  ['CalculationLineResultShape', 'response', 'lineResult', 'output', 'A line of a v20260309 answer.'],
  ['TaxBreakdownEntryShape', 'response', 'breakdownEntry', 'output', 'An entry of a v20260309 tax breakdown.'],
  ['TaxContext', 'response', 'context', 'output', 'The tax context of a v20260309 answer.'],
  ['CalculationResponseShape', 'response', 'response', 'output', 'A v20260309 answer.'],
  ['TaxTransactionRequestShape', 'transaction', 'transaction', 'input', 'The body of a v20260309 transaction, as given.'],
  ['TaxTransactionRequestOutput', 'transaction', 'transaction', 'output', 'The body of a v20260309 transaction, as read.'],
  ['TaxTransactionCustomer', 'transaction', 'customer', 'input', 'The customer of a v20260309 transaction.'],
  ['TaxTransactionItem', 'transaction', 'item', 'input', 'An item of a v20260309 transaction.'],
  ['TaxTransactionBatchRequestShape', 'transaction', 'batch', 'input', 'The body of a v20260309 batch, as given.'],
  ['TaxTransactionBatchRequestOutput', 'transaction', 'batch', 'output', 'The body of a v20260309 batch, as read.'],
  ['TaxTransactionBatchEntry', 'transaction', 'batchTransaction', 'input', 'A transaction of a v20260309 batch.'],
  ['TaxDiscrepancy', 'transaction', 'discrepancy', 'output', 'The difference between a given and a computed total tax.'],
  ['TaxTransactionExchangeRate', 'transaction', 'exchangeRate', 'output', 'The exchange rate of a v20260309 transaction.'],
  ['TransactionRequestShape', 'document', 'transaction', 'input', 'The body of `POST /transactions` (v20241028), as given.'],
  ['TransactionRequestOutput', 'document', 'transaction', 'output', 'The body of `POST /transactions` (v20241028), as read.'],
  ['TransactionItem', 'document', 'item', 'input', 'An item of a v20241028 transaction, as given.'],
  ['TransactionItemOutput', 'document', 'item', 'output', 'An item of a v20241028 transaction, as read.'],
  ['TransactionContact', 'document', 'contact', 'input', 'The contact of a v20241028 transaction.'],
  ['TransactionItemTax', 'document', 'itemTax', 'input', 'The tax of an item of a v20241028 transaction.'],
  ['TransactionAddress', 'document', 'address', 'input', 'The shipping address of a v20241028 transaction.'],
  ['TransactionEvidence', 'document', 'evidence', 'input', 'The location evidence of a v20241028 transaction.'],
  ['TransactionPayment', 'document', 'payment', 'input', 'A payment of a v20241028 transaction.'],
  ['CreditRequestShape', 'document', 'credit', 'input', 'The body of `POST /credits`, as given.'],
  ['CreditRequestOutput', 'document', 'credit', 'output', 'The body of `POST /credits`, as read.'],
  ['CreditPaymentRequestShape', 'document', 'creditPayment', 'input', 'The body of `POST /credits/{id}/payments`, as given.'],
  ['DocumentUpdateShape', 'final', 'update', 'input', 'An update of a final document’s administrative fields, as given.'],
];

const HEADER = '// Generated by scripts/gen-schema-types.ts from the zod schemas. Do not edit: change the schemas and run `npm run types:schemas`.\n';

/**
 * The tax codes' union as the checker prints it, and the generated type written in its place:
 * a new tax code is a line of rule data (rules/schema/common.schema.json, rules/tax-codes.json),
 * which the rules build turns into `TaxCodeId`, so this file need not be written again for it.
 */
const TAX_CODE_UNION = TAX_CODES.map((code) => `'${code}'`).join(' | ');
const TAX_CODE_TYPE = 'TaxCodeId';

function probeSource(): string {
  const imports = [...new Set(Object.values(GROUPS).map((g) => g.module))].map((m) => `import type { ${Object.values(GROUPS).filter((g) => g.module === m).map((g) => g.fn).join(', ')} } from '${m}';`);
  return [
    "import type * as z from 'zod/mini';",
    ...imports,
    ...SPECS.map(([name, group, key, mode]) => `export type ${name} = z.${mode}<ReturnType<typeof ${GROUPS[group].fn}>['${key}']>;`),
  ].join('\n');
}

/**
 * A one-line type written out over lines: each member of an object type on its own line,
 * indented by two spaces per level (the types hold no braces or semicolons in strings).
 */
function layout(text: string): string {
  let out = '';
  let depth = 0;
  const indent = (): string => `\n${'  '.repeat(depth)}`;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '{') {
      let j = i + 1;
      while (text[j] === ' ') j++;
      if (text[j] === '}') {
        out += '{}';
        i = j;
        continue;
      }
      depth++;
      out += `{${indent()}`;
      i = j - 1;
    } else if (c === '}') {
      depth--;
      out = `${out.trimEnd()}${indent()}}`;
    } else if (c === ';' && depth > 0) {
      let j = i + 1;
      while (text[j] === ' ') j++;
      out += text[j] === '}' ? ';' : `;${indent()}`;
      i = j - 1;
    } else out += c;
  }
  return out;
}

function main(): void {
  const probePath = join(root, 'src', '__schema-types-probe.ts');
  const configPath = join(root, 'tsconfig.json');
  const config = ts.parseJsonConfigFileContent(ts.readConfigFile(configPath, ts.sys.readFile).config, ts.sys, root);
  const source = probeSource();
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (file === probePath ? source : readFile(file));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === probePath || fileExists(file);
  const program = ts.createProgram([probePath], { ...config.options, noEmit: true }, host);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(probePath);
  if (!file) throw new Error('probe not compiled');
  const problems = ts.getPreEmitDiagnostics(program, file);
  if (problems.length) throw new Error(ts.formatDiagnostics(problems, host));
  const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });
  const flags = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.InTypeAlias | ts.NodeBuilderFlags.UseSingleQuotesForStringLiteralType;
  // Each type printed on one line, so that a type written out inside another can be found.
  const texts = new Map<string, string>();
  for (const statement of file.statements) {
    if (!ts.isTypeAliasDeclaration(statement)) continue;
    const name = statement.name.text;
    const node = checker.typeToTypeNode(checker.getTypeFromTypeNode(statement.type), undefined, flags);
    if (!node) throw new Error(`${name}: no type`);
    const text = printer.printNode(ts.EmitHint.Unspecified, node, file);
    if (/import\(|\bz\.|\$Zod|zod/.test(text)) throw new Error(`${name}: the type still refers to zod:\n${text.slice(0, 400)}`);
    const named = text.split(TAX_CODE_UNION).join(TAX_CODE_TYPE);
    // A union of the codes printed in another order would leave them spelled out: refuse it.
    if (named.includes(`'${TAX_CODES[TAX_CODES.length - 1]}'`)) throw new Error(`${name}: a tax code union not in the order of TAX_CODES:\n${named.slice(0, 400)}`);
    texts.set(name, named);
  }
  // A type that another spells out in full is named there instead (an output whose part reads
  // as its input does names the input's type): the longest first, so that names nest as the
  // types do, and a type of the same side (input or output) before one of the other.
  const mode = (name: string): string => SPECS.find((s) => s[0] === name)![3];
  const original = new Map(texts);
  const byLength = [...texts.keys()].sort((a, b) => original.get(b)!.length - original.get(a)!.length || a.localeCompare(b));
  for (const outer of texts.keys()) {
    let text = original.get(outer)!;
    for (const sameSide of [true, false]) {
      for (const inner of byLength) {
        const innerText = original.get(inner)!;
        if (inner === outer || (mode(inner) === mode(outer)) !== sameSide || !innerText.startsWith('{') || innerText === original.get(outer)) continue;
        text = text.split(innerText).join(inner);
      }
    }
    texts.set(outer, text);
  }
  const out: string[] = [HEADER];
  if ([...texts.values()].some((text) => new RegExp(`\\b${TAX_CODE_TYPE}\\b`).test(text))) out.push(`import type { ${TAX_CODE_TYPE} } from './generated/tax-codes.js';\n`);
  for (const [name, text] of texts) {
    const spec = SPECS.find((s) => s[0] === name)!;
    out.push(`/** ${spec[4]} */\nexport type ${name} = ${layout(text)};\n`);
  }
  writeFileSync(join(root, 'src', 'schema-types.ts'), out.join('\n'));

  const check = [
    HEADER.replace('Do not edit', 'Checked by tsc: each type of src/schema-types.ts equals zod’s inference from its schema. Do not edit'),
    "import type * as z from 'zod/mini';",
    "import type * as T from '../src/schema-types.js';",
    ...[...new Set(Object.values(GROUPS).map((g) => g.module))].map((m) => `import type { ${Object.values(GROUPS).filter((g) => g.module === m).map((g) => g.fn).join(', ')} } from '${m.replace('./', '../src/')}';`),
    '',
    'type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;',
    'type Expect<T extends true> = T;',
    '',
    'export type Checks = [',
    ...SPECS.map(([name, group, key, mode]) => `  Expect<Equal<T.${name}, z.${mode}<ReturnType<typeof ${GROUPS[group].fn}>['${key}']>>>,`),
    '];',
    '',
  ];
  writeFileSync(join(root, 'test', 'schema-types.check.ts'), check.join('\n'));
  console.log(`src/schema-types.ts: ${SPECS.length} types`);
}

main();
