import { describe, expect, it } from 'vitest';
import {
  botLevelOf,
  botUserId,
  botUsername,
  DEFAULT_THINKING_TIME,
  LEVEL_PLANS,
  levelStrategies,
  benchGame,
  PLACERS,
  type PlacementStrategy,
  thinkingDelay,
} from '../../../src/bots';
import { createRng } from '../../../src/game';
import { BOT_LEVELS, SignUpBodySchema } from '../../../src/protocol';

const randomPlacer = PLACERS.random as PlacementStrategy;

describe('level → strategy', () => {
  it('maps Easy, Medium and Hard to random, hunt/target and the sampler, placement to match', () => {
    expect(LEVEL_PLANS).toEqual({
      easy: { shooter: 'random', placer: 'random', offThread: false },
      medium: { shooter: 'hunt', placer: 'random', offThread: false },
      hard: { shooter: 'sampler', placer: 'edge', offThread: true },
    });
    for (const level of BOT_LEVELS) {
      const { shooter, placer, plan } = levelStrategies(level);
      expect(shooter.name).toBe(plan.shooter);
      expect(placer.name).toBe(plan.placer);
    }
  });

  it('orders the levels by strength: fewer shots to sink a fleet at each step', () => {
    const mean = (level: (typeof BOT_LEVELS)[number]): number => {
      const { shooter } = levelStrategies(level);
      let total = 0;
      for (let game = 0; game < 30; game++) total += benchGame(shooter, randomPlacer, 1, game).shots;
      return total / 30;
    };
    const [easy, medium, hard] = BOT_LEVELS.map(mean);
    expect(easy).toBeGreaterThan(medium ?? 0);
    expect(medium).toBeGreaterThan(hard ?? 0);
  });

  it('gives each level a user id and a name that sign-up can never produce', () => {
    for (const level of BOT_LEVELS) {
      expect(botLevelOf(botUserId(level))).toBe(level);
      const signUp = SignUpBodySchema.safeParse({
        username: botUsername(level),
        email: 'a@b.cd',
        password: '12345678',
      });
      expect(signUp.success).toBe(false);
    }
    expect(botUsername('hard')).toBe('Computer (Hard)');
    expect(botLevelOf('8d3f1c2a-0000-4000-8000-000000000000')).toBeNull();
    expect(botLevelOf('bot-impossible')).toBeNull();
  });
});

describe('thinking time', () => {
  it('is drawn uniformly within the span, from the bot rng (same seed, same delays)', () => {
    const a = createRng(7);
    const b = createRng(7);
    const delays = Array.from({ length: 2000 }, () => thinkingDelay(DEFAULT_THINKING_TIME, a));
    expect(delays).toEqual(Array.from({ length: 2000 }, () => thinkingDelay(DEFAULT_THINKING_TIME, b)));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(500);
    expect(Math.max(...delays)).toBeLessThanOrEqual(1500);
    // Uniform: each fifth of the span gets about a fifth of the draws.
    const bins = [0, 0, 0, 0, 0];
    for (const d of delays) {
      const bin = Math.min(4, Math.floor((d - 500) / 200));
      bins[bin] = (bins[bin] ?? 0) + 1;
    }
    for (const n of bins) expect(n).toBeGreaterThan(300);
  });

  it('is 0 when the span is 0 (tests), reads a reversed span in order and clamps negatives', () => {
    const rng = createRng(1);
    expect(thinkingDelay({ minMs: 0, maxMs: 0 }, rng)).toBe(0);
    for (let i = 0; i < 100; i++) {
      const d = thinkingDelay({ minMs: 900, maxMs: 300 }, rng);
      expect(d).toBeGreaterThanOrEqual(300);
      expect(d).toBeLessThanOrEqual(900);
    }
    expect(thinkingDelay({ minMs: -50, maxMs: -10 }, rng)).toBe(0);
  });
});
