import { describe, expect, it } from 'vitest';
import { errorHints } from '../../../cli/load/hints';

describe('load error hints', () => {
  it('names the rate-limit settings when the server answered 429', () => {
    const [hint] = errorHints({ HTTP_429: 12, TIMEOUT: 1 });
    expect(hint).toMatch(/^HTTP_429: .*SIGNUPS_PER_ADDRESS=0/);
  });

  it('says nothing for errors it has no advice about', () => {
    expect(errorHints({ TIMEOUT: 3, HTTP_500: 1 })).toEqual([]);
    expect(errorHints({})).toEqual([]);
  });

  it('explains an unreachable server', () => {
    expect(errorHints({ UNREACHABLE: 2 })).toEqual([expect.stringMatching(/^UNREACHABLE: /)]);
  });
});
