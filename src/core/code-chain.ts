/**
 * A tax code's chain: the code, its parent, the parent's parent … (rules/tax-codes.json
 * `parent`), nearest first: where a table's treatment of the code is looked for. A chain stops
 * at a code already in it (the rules checks refuse such a loop, `loopOf`).
 */

/** What a chain is read from: each code's id and parent. */
interface Coded {
  readonly id: string;
  readonly parent?: string | undefined;
}

/** Each code's chain, by id (a later code of the same id replaces an earlier one's parent). */
export function codeChains<C extends Coded>(codes: readonly C[]): Map<C['id'], C['id'][]> {
  const parents = new Map<string, string | undefined>(codes.map((c) => [c.id, c.parent]));
  const chains = new Map<C['id'], C['id'][]>();
  for (const id of parents.keys()) chains.set(id, chainOf(id, parents));
  return chains;
}

function chainOf(id: string, parents: ReadonlyMap<string, string | undefined>): string[] {
  const chain = [id];
  for (let p = parents.get(id); p !== undefined && !chain.includes(p); p = parents.get(p)) chain.push(p);
  return chain;
}

/** The loop a code's chain of parents runs into, as the codes it passes (the first again at its end), or null. */
export function loopOf(chain: readonly string[], parentOf: (id: string) => string | undefined): string[] | null {
  const last = chain[chain.length - 1] as string;
  const next = parentOf(last);
  return next !== undefined && next === chain[0] ? [...chain, next] : null;
}
