import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dayNumber } from '../src/core/dates.js';

const news = readFileSync('rules/NEWS.md', 'utf8');

/** The entries of NEWS.md: each `## date` heading with the bullet lines under it. */
function entries(): { date: string; bullets: string[] }[] {
  const out: { date: string; bullets: string[] }[] = [];
  for (const line of news.split('\n')) {
    const heading = /^## (.*)$/.exec(line);
    if (heading) out.push({ date: heading[1] as string, bullets: [] });
    else if (line.startsWith('- ')) out.at(-1)?.bullets.push(line);
  }
  return out;
}

describe('rules/NEWS.md, the change log of the rule data', () => {
  it('has one entry per day, newest first, each a calendar date with at least one line', () => {
    const list = entries();
    expect(list.length).toBeGreaterThan(0);
    for (const e of list) {
      expect(e.date, e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(dayNumber(e.date)), e.date).toBe(false);
      expect(e.bullets.length, e.date).toBeGreaterThan(0);
    }
    const dates = list.map((e) => e.date);
    expect(dates).toEqual([...new Set(dates)].sort().reverse());
  });

  it('is linked from rules/README.md, whose steps for a rate change end with recording it', () => {
    const readme = readFileSync('rules/README.md', 'utf8');
    expect(readme).toContain('(NEWS.md)');
    const steps = readme.slice(readme.indexOf('## Changing a rate'));
    expect(steps).toMatch(/\n\d\. Record the change in \[`NEWS.md`\]\(NEWS.md\)/);
  });
});
