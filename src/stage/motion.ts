/**
 * Frame maths for every animation on the stage. Pure functions of elapsed time so the ticker
 * callbacks only mutate display objects, and so timing is unit-tested without a renderer.
 */
export type EffectKind = 'splash' | 'explosion' | 'sunk' | 'turn';

export const EFFECT_DURATION_MS: Readonly<Record<EffectKind, number>> = {
  splash: 650,
  explosion: 800,
  // Sunk ships keep burning for a while after the shot; the flames then settle on the D marks.
  sunk: 2400,
  turn: 450,
};

export function clamp01(v: number): number {
  return Math.min(1, Math.max(0, v));
}

export function easeOutCubic(t: number): number {
  const u = 1 - clamp01(t);
  return 1 - u * u * u;
}

/** Linear progress 0..1 of an effect `elapsed` ms after it started. */
export function progress(kind: EffectKind, elapsed: number): number {
  return clamp01(elapsed / EFFECT_DURATION_MS[kind]);
}

export interface RingFrame {
  /** Radius as a fraction of the cell size. */
  readonly radius: number;
  readonly alpha: number;
}

/** A splash: a ring of water widening and fading. */
export function splashFrame(elapsed: number): RingFrame {
  const p = progress('splash', elapsed);
  return { radius: 0.15 + 0.55 * easeOutCubic(p), alpha: 1 - p };
}

/** An explosion: a quick flash that swells then fades. */
export function explosionFrame(elapsed: number): RingFrame {
  const p = progress('explosion', elapsed);
  const swell = p < 0.3 ? easeOutCubic(p / 0.3) : 1;
  return { radius: 0.2 + 0.5 * swell, alpha: p < 0.3 ? 1 : 1 - (p - 0.3) / 0.7 };
}

/** Burning: flicker whose strength decays; `seed` keeps neighbouring cells out of phase. */
export function flameFrame(elapsed: number, seed: number): RingFrame {
  const p = progress('sunk', elapsed);
  const flicker = 0.5 + 0.5 * Math.sin(elapsed / 70 + seed * 1.7);
  return { radius: 0.22 + 0.12 * flicker, alpha: (1 - p) * (0.55 + 0.45 * flicker) };
}

/** The turn transition: a pulse of the grid's alpha, highest in the middle. */
export function turnPulse(elapsed: number): number {
  const p = progress('turn', elapsed);
  return Math.sin(Math.PI * p);
}

/**
 * Exponential approach towards a target, frame-rate independent: after `halfLifeMs` half of the
 * distance is covered. Snaps when close so animations end exactly.
 */
export function approach(current: number, target: number, dtMs: number, halfLifeMs = 45, epsilon = 0.01): number {
  const k = 1 - 2 ** (-dtMs / halfLifeMs);
  const next = current + (target - current) * k;
  return Math.abs(target - next) < epsilon ? target : next;
}

export const SHAKE_MS = 320;

/** Horizontal offset of a refused rotation's shake, in cells; zero once it is over. */
export function shakeOffset(elapsed: number): number {
  if (elapsed < 0 || elapsed >= SHAKE_MS) return 0;
  const p = elapsed / SHAKE_MS;
  return 0.12 * (1 - p) * Math.sin(p * Math.PI * 6);
}

/** The angle of a ship: horizontal 0, vertical a quarter turn (it pivots on its first cell). */
export function orientationAngle(vertical: boolean): number {
  return vertical ? Math.PI / 2 : 0;
}
