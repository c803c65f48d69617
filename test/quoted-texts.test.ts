import { describe, expect, it } from 'vitest';
import { quoteLongTemplates, singleQuoted } from '../scripts/quoted-texts.js';

// The build prints esbuild's long template literals again as single-quoted strings: the same
// values, ASCII, on lines the builds' line limit allows, and nothing else in the code changed.
const evaluate = (literal: string): unknown => (0, eval)(`(${literal})`);

describe('long texts as quoted strings', () => {
  const json = JSON.stringify({ name: "Côte d'Ivoire", note: 'a "quoted" word, a \\ and a `tick`', dollar: '${x}', line: 'a\nb\u2028c', emoji: '\u{1f600}' });

  it('writes a text as a single-quoted ASCII string of the same value', () => {
    const literal = singleQuoted(json.repeat(40));
    expect(evaluate(literal)).toBe(json.repeat(40));
    expect(literal.startsWith("'")).toBe(true);
    expect(/^[\x00-\x7f]*$/.test(literal)).toBe(true);
    expect(Math.max(...literal.split('\n').map((l) => l.length))).toBeLessThanOrEqual(160);
  });

  it('rewrites long untagged template literals without substitutions, and nothing else', () => {
    const long = 'x'.repeat(1200);
    const text = JSON.stringify({ a: long, b: "it's" });
    const template = `\`${text.replace(/[`\\$]/g, (c) => `\\${c}`)}\``;
    const code = [
      `const data = { shared: ${template}, short: \`{"a":1}\` };`,
      `const re = /\`[^\`]*\`/g, half = 4 / 2;`,
      `const tagged = String.raw\`${long}\`;`,
      `const built = (v) => \`${long}\${v}\`;`,
      `export { data, re, half, tagged, built };`,
    ].join('\n');
    const out = quoteLongTemplates(code);
    expect(out).toContain("shared: '");
    expect(out).toContain('short: `{"a":1}`');
    expect(out).toContain('String.raw`');
    expect(out).toContain(`\${v}\``);
    expect(out.split('\n').slice(-4)).toEqual(code.split('\n').slice(-4));
    const value = (source: string) => new Function(`${source.replace('export { data, re, half, tagged, built };', '')}; return [data, re.source, half, tagged, built('!')];`)();
    expect(value(out)).toEqual(value(code));
  });

  it('leaves code without backticks as it is', () => {
    const code = 'export const a = "x";';
    expect(quoteLongTemplates(code)).toBe(code);
  });
});
