/** The run's temporary files go under one folder that the run removes (test/support/temp-root.ts). */
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { expect, it } from 'vitest';

it('makes temporary files under the run’s own folder', () => {
  expect(basename(tmpdir())).toMatch(/^taxrules-test-/);
});
