/**
 * Runs every ```ts block of README.md and the guides of docs/, as a module importing the
 * package from source, and checks what its comments say it answers (the conventions are
 * test/support/code-blocks.ts's).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeBlocks, runBlock } from './support/code-blocks.js';
import { DOC_FILES } from './support/docs.js';

const blocks = DOC_FILES.flatMap((file) => codeBlocks(file, readFileSync(file, 'utf8')));

const dir = resolve('test/.readme-blocks');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the README’s code blocks', () => {
  it('are found', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(12);
  });

  let total = 0;
  for (const block of blocks) {
    it(`run as shown (${block.file}:${block.line})`, async () => {
      total += await runBlock(block, join(dir, `block-${block.file.replace(/\W/g, '-')}-${block.line}.ts`));
    });
  }

  it('check the values their comments show', () => {
    expect(total).toBeGreaterThanOrEqual(8);
  });
});
