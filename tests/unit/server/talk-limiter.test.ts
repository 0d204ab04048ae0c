import { describe, expect, it } from 'vitest';
import { TalkLimiter } from '../../../server/chat/talk-limiter';

describe('TalkLimiter', () => {
  it('lets an account send `points` lines per window, then says which limit and how long to wait', async () => {
    const limiter = new TalkLimiter('CHAT_LINES', { points: 3, seconds: 10 }, null);
    for (let i = 0; i < 3; i++) expect(await limiter.take('ann')).toBeNull();
    const refused = await limiter.take('ann');
    expect(refused).toMatchObject({ reason: 'CHAT_LINES', limit: 3 });
    expect(refused?.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused?.retryAfter).toBeLessThanOrEqual(10);
    // Each account has its own count.
    expect(await limiter.take('bob')).toBeNull();
  });

  it('counts nothing when the limit is 0', async () => {
    const limiter = new TalkLimiter('CHAT_LINES', { points: 0, seconds: 10 }, null);
    for (let i = 0; i < 50; i++) expect(await limiter.take('ann')).toBeNull();
  });
});
