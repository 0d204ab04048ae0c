import { describe, expect, it } from 'vitest';
import { answerChallenge, type ChallengePolicy, describePolicy } from '../../../cli/challenge-policy';
import { makeRules } from '../../../src/game';
import type { Challenge } from '../../../src/protocol';

/* Which challenges a bot taking challenges accepts (cli/challenge-policy.ts), lichess-bot's filter. */

const challenge = (over: Partial<Challenge> = {}): Challenge => ({
  id: 'c1',
  from: { userId: 'u1', username: 'ann', title: null },
  to: { userId: 'b1', username: 'hunter', title: 'BOT' },
  rules: makeRules({}),
  turnSeconds: null,
  createdAt: 0,
  expiresAt: 60_000,
  status: 'pending',
  reason: null,
  slug: null,
  ...over,
});
const any: ChallengePolicy = { rules: null, moveMs: 0, challengers: 'everyone' };
const fromBot = { userId: 'u2', username: 'other', title: 'BOT' as const };

describe('answerChallenge', () => {
  it('accepts any rules and clock by default, one game at a time', () => {
    expect(answerChallenge(challenge({ rules: makeRules({ fleet: 'russian' }), turnSeconds: 30 }), any, false)).toEqual(
      {
        accept: true,
      },
    );
    expect(answerChallenge(challenge(), any, true)).toEqual({ accept: false, reason: 'later' });
  });

  it('declines rules outside its list, whichever way they were written', () => {
    const policy = { ...any, rules: [makeRules({}), makeRules({ shots: 'salvo' })] };
    expect(answerChallenge(challenge({ rules: makeRules({ shots: 'salvo' }) }), policy, false).accept).toBe(true);
    expect(answerChallenge(challenge({ rules: makeRules({ again: 'hit' }) }), policy, false)).toEqual({
      accept: false,
      reason: 'rules',
    });
  });

  it('declines a turn clock shorter than a move of the engine plus the network slack', () => {
    const slow = { ...any, moveMs: 29_000 };
    expect(answerChallenge(challenge({ turnSeconds: 30 }), slow, false)).toEqual({ accept: false, reason: 'clock' });
    expect(answerChallenge(challenge({ turnSeconds: 60 }), slow, false).accept).toBe(true);
    expect(answerChallenge(challenge({ turnSeconds: null }), slow, false).accept).toBe(true);
    expect(answerChallenge(challenge({ turnSeconds: 30 }), { ...any, moveMs: 1100 }, false).accept).toBe(true);
  });

  it('says noBots or onlyBots by the challenger, before anything else', () => {
    expect(answerChallenge(challenge({ from: fromBot }), { ...any, challengers: 'people' }, true)).toEqual({
      accept: false,
      reason: 'noBots',
    });
    expect(answerChallenge(challenge(), { ...any, challengers: 'bots' }, false)).toEqual({
      accept: false,
      reason: 'onlyBots',
    });
    expect(answerChallenge(challenge({ from: fromBot }), { ...any, challengers: 'bots' }, false).accept).toBe(true);
  });
});

describe('describePolicy', () => {
  it('says what the bot takes in one line', () => {
    expect(describePolicy(any)).toBe('any rules, any turn clock, from people and bots, one game at a time');
    expect(describePolicy({ rules: [makeRules({ shots: 'salvo' })], moveMs: 1100, challengers: 'people' })).toBe(
      'rules fleet=classic,touch=yes,shots=salvo,again=never, turn clocks of at least 4 s or none, from people only, one game at a time',
    );
  });
});
