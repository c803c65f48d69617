/**
 * Runs a ```ts block of the documentation (the README, a guide, a TSDoc `@example`) as a
 * module importing the package from source, and checks what its comments say it answers.
 *
 * Conventions for the blocks:
 * - A block imports from 'taxrules' or 'taxrules/<entry>' (read here as src/index.ts and
 *   src/<entry>.ts) and any dev dependency; it runs as it is, top-level await included.
 * - A statement followed at once by a comment that is a JavaScript value — an object
 *   (`// { valid: true, … }`), an array or a string — is checked: the statement's value
 *   (an expression's, or the constant a `const` declares) must equal it; with `…` or `...`
 *   in the comment, the fields shown must match and others may exist. Text after the value
 *   on its last line (`(no offline rule)`) is prose. Other comments are prose.
 * - A block that starts a server (`.listen(…)`) runs with `listen` taken over: the server
 *   listens on a free port, answers `GET <base>/tax_codes/ebook`, and is closed. A block
 *   whose default export has `fetch` (a Worker, a Hono app) is asked the same.
 */
import { writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';

export interface CodeBlock {
  /** The file the block is in (README.md, a guide of docs/, a module of src/) and the line of its opening fence there. */
  file: string;
  line: number;
  code: string;
}

/** The ```ts blocks of a text, `firstLine` being the text's first line in `file`. */
export function codeBlocks(file: string, text: string, firstLine = 1): CodeBlock[] {
  return [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => ({ file, line: firstLine - 1 + text.slice(0, m.index).split('\n').length, code: m[1]! }));
}

/** The package's own entries, from source; a module of the repository (`./src/…`) from its root. */
export function withSourceImports(code: string): string {
  return code.replace(/from '(taxrules(?:\/[\w-]+)*)'/g, (_, spec: string) => {
    // taxrules/testing/fast-check is src/testing-fast-check.ts.
    const entry = spec === 'taxrules' ? 'index' : spec.slice('taxrules/'.length).replace(/\//g, '-');
    return `from ${JSON.stringify(pathToFileURL(resolve('src', `${entry}.ts`)).href)}`;
  }).replace(/from '\.\/(src\/[\w/-]+)\.js'/g, (_, path: string) => `from ${JSON.stringify(pathToFileURL(resolve(`${path}.ts`)).href)}`);
}

/** A comment's value: the text from its first bracket or quote to the matching end, and whether it shows only part (`…`). */
function commentValue(comment: string): { value: unknown; partial: boolean } | null {
  const text = comment.trim();
  const open = text[0];
  if (open !== '{' && open !== '[' && open !== "'") return null;
  const close = open === '{' ? '}' : open === '[' ? ']' : "'";
  const end = text.lastIndexOf(close);
  if (end <= 0) return null;
  let literal = text.slice(0, end + 1);
  const partial = /…|\.\.\./.test(literal);
  literal = literal.replace(/(?:…|\.\.\.)\s*,?/g, '').replace(/,\s*([}\]])/g, '$1');
  return { value: new Function(`return (${literal});`)(), partial };
}

/** The block with each checked statement's value handed to `__check(line, value, expected, partial)`. */
export function instrument(block: CodeBlock): { code: string; checks: number } {
  const lines = block.code.split('\n');
  const out: string[] = [];
  let checks = 0;
  let statement: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('// ') && statement.length > 0) {
      const comment: string[] = [];
      let j = i;
      while (j < lines.length && lines[j]!.startsWith('//')) comment.push(lines[j++]!.replace(/^\/\/ ?/, ''));
      let found: ReturnType<typeof commentValue>;
      try {
        found = commentValue(comment.join('\n'));
      } catch (e) {
        throw new Error(`${block.file} line ${block.line + i + 1}: the comment looks like a value but is not one (${(e as Error).message}); write it as a JavaScript value or as prose`);
      }
      const text = statement.join('\n').replace(/;\s*$/, '');
      const first = block.line + i - statement.length + 1;
      if (found) {
        const declared = /^(?:export )?const (\w+)\s*=/.exec(text);
        if (declared) out.push(...statement, `__check(${first}, ${declared[1]}, ${JSON.stringify(found.value)}, ${found.partial});`);
        else out.push(`__check(${first}, await (${text}), ${JSON.stringify(found.value)}, ${found.partial});`);
        checks++;
      } else {
        out.push(...statement);
      }
      out.push(...comment.map((c) => `// ${c}`));
      statement = [];
      i = j - 1;
      continue;
    }
    if (line.trim() === '' || line.startsWith('import ') || line.startsWith('//')) {
      out.push(...statement, line);
      statement = [];
      continue;
    }
    // A statement starts at column 0; indented lines continue it.
    if (/^\S/.test(line) && !/^[)\]}]/.test(line)) {
      out.push(...statement);
      statement = [line];
    } else {
      statement.push(line);
    }
  }
  out.push(...statement);
  return { code: out.join('\n'), checks };
}

const servers: Server[] = [];
const realListen = Server.prototype.listen;

async function ask(url: string): Promise<unknown> {
  const r = await fetch(url);
  expect(r.status).toBe(200);
  return r.json();
}

/**
 * Runs a block written to the module `file` and checks its values, its server and its fetch
 * handler; `cwd`, when given, is the working folder while the block's module is evaluated.
 * Returns the number of values checked.
 */
export async function runBlock(block: CodeBlock, file: string, cwd?: string): Promise<number> {
  const { code, checks } = instrument(block);
  writeFileSync(file, `${withSourceImports(code)}\n`);
  const results: { line: number; actual: unknown; expected: unknown; partial: boolean }[] = [];
  (globalThis as Record<string, unknown>).__check = (line: number, actual: unknown, expected: unknown, partial: boolean) => results.push({ line, actual, expected, partial });
  const starts = /\.listen\(/.test(block.code);
  const before = servers.length;
  if (starts) {
    Server.prototype.listen = function (this: Server) {
      servers.push(this);
      return (realListen as (...args: unknown[]) => Server).call(this, 0, '127.0.0.1');
    } as never;
  }
  const home = process.cwd();
  let module: Record<string, unknown>;
  try {
    if (cwd !== undefined) process.chdir(cwd);
    module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } finally {
    if (cwd !== undefined) process.chdir(home);
    Server.prototype.listen = realListen;
  }
  expect(results.length).toBe(checks);
  for (const r of results) {
    const actual = JSON.parse(JSON.stringify(r.actual)) as unknown;
    if (r.partial) expect(actual, `${block.file} line ${r.line}`).toMatchObject(r.expected as object);
    else expect(actual, `${block.file} line ${r.line}`).toEqual(r.expected);
  }
  const base = /basePath: '([^']+)'/.exec(block.code)?.[1] ?? '';
  if (starts) {
    expect(servers.length).toBe(before + 1);
    const server = servers.at(-1)!;
    if (!server.listening) await new Promise((ok) => server.once('listening', ok));
    try {
      expect(await ask(`http://127.0.0.1:${(server.address() as AddressInfo).port}${base}/tax_codes/ebook`)).toMatchObject({ id: 'ebook' });
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  }
  const fetcher = module.default as { fetch?: (r: Request) => Promise<Response> } | undefined;
  if (fetcher && typeof fetcher.fetch === 'function') {
    const r = await fetcher.fetch(new Request(`http://example.test${base}/tax_codes/ebook`));
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ id: 'ebook' });
  }
  return checks;
}
