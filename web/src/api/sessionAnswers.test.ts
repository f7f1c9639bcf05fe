import {
  subscriptionCheckSchema as contractCheckSchema,
  authStatusSchema as contractStatusSchema,
} from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { authStatusSchema, subscriptionCheckSchema } from './sessionAnswers';

const user = {
  id: 'user-1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  emailVerified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const pairs = [
  {
    name: 'the session check',
    contract: contractStatusSchema,
    mini: authStatusSchema,
    good: [{ user }, { user: { ...user, picture: 'not in the answer' }, extra: 1 }],
    bad: [
      {},
      { user: null },
      { user: { ...user, id: undefined } },
      { user: { ...user, emailVerified: 'yes' } },
      { user: { ...user, createdAt: 7 } },
    ],
  },
  {
    name: 'the subscription check',
    contract: contractCheckSchema,
    mini: subscriptionCheckSchema,
    good: [{ subscribed: true }, { subscribed: false, plan: 'not in the answer' }],
    bad: [{}, { subscribed: 'true' }, { subscribed: null }, null],
  },
] as const;

describe("the signed-in start's answer schemas (zod/mini, before the dashboard's first screen)", () => {
  for (const { name, contract, mini, good, bad } of pairs) {
    it(`${name}: reads what the contracts read, and strips the same unknown fields`, () => {
      for (const input of good) {
        const fromContract = contract.safeParse(input);
        const fromMini = mini.safeParse(input);
        expect(fromContract.success).toBe(true);
        expect(fromMini.success).toBe(true);
        expect(fromMini.data).toEqual(fromContract.data);
      }
    });

    it(`${name}: refuses what the contracts refuse`, () => {
      for (const input of bad) {
        expect(contract.safeParse(input).success).toBe(false);
        expect(mini.safeParse(input).success).toBe(false);
      }
    });
  }
});
