import { describe, expect, it } from 'vitest';
import {
  approach,
  EFFECT_DURATION_MS,
  explosionFrame,
  flameFrame,
  progress,
  SHAKE_MS,
  shakeOffset,
  splashFrame,
  turnPulse,
} from '../../../src/stage/motion';

describe('effect frames', () => {
  it('runs each effect from 0 to 1 over its duration', () => {
    expect(progress('splash', 0)).toBe(0);
    expect(progress('splash', EFFECT_DURATION_MS.splash / 2)).toBeCloseTo(0.5);
    expect(progress('splash', 10_000)).toBe(1);
  });

  it('widens and fades a splash', () => {
    const early = splashFrame(50);
    const late = splashFrame(EFFECT_DURATION_MS.splash - 50);
    expect(late.radius).toBeGreaterThan(early.radius);
    expect(late.alpha).toBeLessThan(early.alpha);
    expect(splashFrame(EFFECT_DURATION_MS.splash).alpha).toBe(0);
  });

  it('flashes an explosion at full strength before fading out', () => {
    expect(explosionFrame(100).alpha).toBe(1);
    expect(explosionFrame(EFFECT_DURATION_MS.explosion).alpha).toBeCloseTo(0);
  });

  it('lets flames die out by the end of the sunk effect', () => {
    expect(flameFrame(EFFECT_DURATION_MS.sunk, 3).alpha).toBe(0);
    expect(flameFrame(200, 3).alpha).toBeGreaterThan(0);
  });

  it('pulses the turn transition in the middle only', () => {
    expect(turnPulse(0)).toBeCloseTo(0);
    expect(turnPulse(EFFECT_DURATION_MS.turn / 2)).toBeCloseTo(1);
    expect(turnPulse(EFFECT_DURATION_MS.turn)).toBeCloseTo(0);
  });
});

describe('approach', () => {
  it('covers half the distance per half-life and then snaps exactly to the target', () => {
    expect(approach(0, 100, 45, 45)).toBeCloseTo(50);
    let v = 0;
    for (let i = 0; i < 60; i++) v = approach(v, 100, 16);
    expect(v).toBe(100);
  });

  it('is frame-rate independent', () => {
    let a = 0;
    for (let i = 0; i < 4; i++) a = approach(a, 100, 10, 45, 0);
    const b = approach(0, 100, 40, 45, 0);
    expect(a).toBeCloseTo(b, 6);
  });
});

describe('shakeOffset', () => {
  it('moves during the shake and rests at zero after it', () => {
    const samples = Array.from({ length: 16 }, (_, i) => shakeOffset((i * SHAKE_MS) / 16));
    expect(Math.max(...samples.map(Math.abs))).toBeGreaterThan(0.03);
    expect(shakeOffset(SHAKE_MS)).toBe(0);
    expect(shakeOffset(-1)).toBe(0);
  });
});
