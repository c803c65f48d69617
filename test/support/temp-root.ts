/**
 * One temporary folder per test run: the tests' temporary files (copies of the rules, built
 * packages, CLI work folders) go under it, as `os.tmpdir()` and every process the tests start
 * read TMPDIR, and it is removed when the run ends, whatever the tests left in it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'taxrules-test-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(root, { recursive: true, force: true });
  };
}
