import { describe, expect, it } from 'vitest';
import { accountSchema, calculationRequestSchema, calculationResponseSchema } from '../src/schemas.js';

const account = { country: 'DE', currency: 'EUR', registrations: [{ jurisdiction_id: 276 }] };

describe('taxrules/schemas', () => {
  it('validates through the Standard Schema interface', async () => {
    const std = accountSchema['~standard'];
    expect(std.version).toBe(1);
    expect(await std.validate(account)).toEqual({ value: account });
    const bad = await std.validate({ ...account, registrations: [{ jurisdiction_id: '276' }] });
    expect(bad.issues?.map((i) => i.path)).toEqual([['registrations', 0, 'jurisdiction_id']]);
  });

  it('parse answers the value as read or throws with the issues', () => {
    expect(accountSchema.parse(account)).toEqual(account);
    expect(() => accountSchema.parse({ ...account, colour: 'red' })).toThrow(/colour/);
    const r = calculationRequestSchema.safeParse({ currency: 'eur' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.length).toBeGreaterThan(0);
    for (const issue of r.error?.issues ?? []) expect(typeof issue.message).toBe('string');
  });

  it('refuses an answer with a field of the wrong type', () => {
    expect(calculationResponseSchema.safeParse({ tax_date: 'today' }).success).toBe(false);
  });
});
