import ts from "typescript";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
const dirs = process.argv.slice(2);
const limit = Number(process.env.LIMIT ?? 60);
for (const dir of dirs) for (const f of readdirSync(dir)) {
  if (!f.endsWith(".ts")) continue;
  const path = join(dir, f);
  const text = readFileSync(path, "utf8");
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && (node as any).body) {
      const body = (node as any).body as ts.Node;
      const start = sf.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      let nested = 0;
      const inner = (n: ts.Node) => { if (ts.isFunctionLike(n) && (n as any).body && !ts.isArrowFunction(n) ) { nested += sf.getLineAndCharacterOfPosition(n.getEnd()).line - sf.getLineAndCharacterOfPosition(n.getStart()).line + 1; return; } if (ts.isArrowFunction(n) && n.body.kind === ts.SyntaxKind.Block) { nested += sf.getLineAndCharacterOfPosition(n.getEnd()).line - sf.getLineAndCharacterOfPosition(n.getStart()).line + 1; return; } ts.forEachChild(n, inner); };
      ts.forEachChild(body, inner);
      const own = end - start + 1 - nested;
      const name = (node as any).name?.getText() ?? "<anon>";
      if (own > limit) console.log(own, path + ":" + (start + 1), name);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
