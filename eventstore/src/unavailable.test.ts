import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, unavailableReason } from './unavailable.js';

/** What Drizzle throws: its own error, the query in its message, the driver's error as its cause. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('an unavailable database', () => {
  it("is told by the driver's error under Drizzle's wrapping, which its reason names with its code", () => {
    const restart = wrapped(withCode('terminating connection due to administrator command', '57P01'));
    expect(isDatabaseUnavailable(restart)).toBe(true);
    expect(unavailableReason(restart)).toBe('57P01 terminating connection due to administrator command');

    const refused = wrapped(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    expect(unavailableReason(refused)).toBe('ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432');

    // node-postgres' own errors have no code: the message alone.
    const exhausted = new AggregateError([new Error('timeout exceeded when trying to connect')]);
    expect(unavailableReason(exhausted)).toBe('timeout exceeded when trying to connect');
  });

  it('is not claimed for a query that is wrong', () => {
    const wrong = wrapped(withCode('relation "nope" does not exist', '42P01'));
    expect(isDatabaseUnavailable(wrong)).toBe(false);
    expect(unavailableReason(wrong)).toBeUndefined();
  });
});
