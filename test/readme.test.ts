import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { END, parameterTable, START } from '../scripts/readme-parameters.js';

describe('README', () => {
  it('holds the table of v20241028 parameters made from TAX_RATE_PARAMETERS (run scripts/readme-parameters.ts after changing it)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start + START.length, end).trim()).toBe(parameterTable());
  });
});
