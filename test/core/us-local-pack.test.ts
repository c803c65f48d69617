/** The packed form of the US local files (src/core/us-local-pack.ts) and of the pack's owner index. */
import { describe, expect, it } from 'vitest';
import { defaultRuleSet } from '../../src/default-rules.js';
import { decodeUsLocal, encodeUsLocal } from '../../src/core/us-local-pack.js';
import { createRuleSet, packRuleData } from '../../src/index.js';
import type { UsLocalRules } from '../../src/core/rule-data.js';
import { defaultRulePack } from '../../src/generated/ruledata.js';
import { refused } from '../helpers.js';

const files = defaultRuleSet.data.usLocal ?? [];
/** The jurisdiction id of a US file's state (the ids of its local codes follow from it). */
const stateId = (f: UsLocalRules): number => defaultRuleSet.countries.get('US')?.byRegion.get(f.state)?.id as number;

describe('compiled ZIP areas (read from the packed rows)', () => {
  it('give every ZIP code of a file its rows, in order, and nothing else', () => {
    for (const state of ['TX', 'CA', 'VT', 'PR']) {
      const file = files.find((f) => f.state === state) as UsLocalRules;
      const compiled = defaultRuleSet.usLocal.get(state);
      if (!compiled) throw new Error(state);
      const ids = new Map(file.jurisdictions.map((j) => [j.code, j.id]));
      const expected = new Map<string, [number[], number][]>();
      for (const [zip, codes, share] of file.zips) expected.set(zip, [...(expected.get(zip) ?? []), [codes === '' ? [] : codes.split(' ').map((c) => ids.get(c) as number), share]]);
      expect(compiled.zips.size, state).toBe(expected.size);
      expect([...compiled.zips.keys()], state).toEqual([...expected.keys()]);
      for (const [zip, rows] of expected) expect(compiled.zips.get(zip)?.map((a) => [a.parts.map((p) => p.id), a.share]), `${state} ${zip}`).toEqual(rows);
      // The same list object each time, and areas shared between ZIP codes.
      const first = [...expected.keys()][0] as string;
      expect(compiled.zips.get(first)).toBe(compiled.zips.get(first));
      for (const key of ['', '7700', '770020', 'abcde', '-1234', ' 7700', '7.7e4', '00000', '99999']) if (!expected.has(key)) expect(compiled.zips.get(key), key).toBeUndefined();
      expect([...compiled.zips].length).toBe(expected.size);
    }
  });
});

describe('packed US local files', () => {
  it('read back as the files are, at a fraction of their JSON', () => {
    expect(files.length).toBeGreaterThan(20);
    let plain = 0;
    let packed = 0;
    for (const f of files) {
      const text = encodeUsLocal(f, stateId(f));
      expect(decodeUsLocal(text)).toStrictEqual(f);
      plain += JSON.stringify(f).length;
      packed += text.length;
    }
    expect(packed).toBeLessThan(plain / 2);
  });

  it('keep a jurisdiction with fields of its own, periods off the common values and shares below 100', () => {
    const tx = structuredClone(files.find((f) => f.state === 'TX') as UsLocalRules);
    const j = tx.jurisdictions[0] as UsLocalRules['jurisdictions'][number] & { note?: string };
    j.note = 'kept as it is';
    tx.jurisdictions[1]!.rates.push({ from: '2027-01-01', rate: '1.5', source: Object.keys(tx.sources)[0] as string, checked: '2027-01-02' });
    const back = decodeUsLocal(encodeUsLocal(tx, stateId(tx)));
    expect(back).toStrictEqual(tx);
    expect(back.zips.some(([, , share]) => share < 100)).toBe(true);
  });

  it('an empty file reads back empty', () => {
    const empty = { ...(files[0] as UsLocalRules), jurisdictions: [], zips: [] };
    expect(decodeUsLocal(encodeUsLocal(empty, stateId(empty)))).toStrictEqual(empty);
  });
});

describe('the pack', () => {
  it('lists every jurisdiction of the rule data with its owner', () => {
    const fromPack = createRuleSet(defaultRulePack);
    expect([...fromPack.jurisdictions.keys()]).toEqual([...defaultRuleSet.jurisdictions.keys()]);
    expect(fromPack.jurisdictions.get(84048201)?.name).toBe('Harris County');
  });

  it('refuses data packed by another version (422), rather than reading it as plain data', () => {
    const old = { ...packRuleData(defaultRuleSet.data), format: 'taxrules-pack-1' } as unknown as Parameters<typeof createRuleSet>[0];
    const e = refused(() => createRuleSet(old));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/another version of taxrules/);
  });
});
