import type { Coord } from '../game';
import type { Effect, EffectPlan, SoundCue } from './effects-plan';

/*
 * A salvo reaches the stage as one change of the view with several new shots. Played at once, its
 * splashes and hits blur into one flash and its sounds into noise; played one after the other, a
 * player sees (and hears) each shot land. This module orders a plan's shots into beats and gives
 * every effect and sound its delay. Pure: the stage hooks only start what it schedules.
 */

export interface Timed<T> {
  readonly delayMs: number;
  readonly item: T;
}

export interface ScheduledPlan {
  readonly effects: readonly Timed<Effect>[];
  readonly sounds: readonly Timed<SoundCue>[];
}

/** The longest a salvo's beats may take together, from the first shot to the last. */
export const SALVO_SPAN_MS = 2400;
/** Between two shots: long enough that a cue is heard before the next (at most two overlap)… */
export const MAX_BEAT_MS = 420;
/** …and never so short that two splashes read as one. */
export const MIN_BEAT_MS = 240;
/** After the last shot, before the turn passes and the game's end is sounded. */
export const SETTLE_MS = 250;

type ShotEffect = Extract<Effect, { readonly kind: 'splash' | 'explosion' }>;

function isShot(effect: Effect): effect is ShotEffect {
  return effect.kind === 'splash' || effect.kind === 'explosion';
}

const same = (a: Coord, b: Coord) => a.x === b.x && a.y === b.y;

/** The time between two shots of a salvo of `shots` shots. */
export function beatGap(shots: number): number {
  if (shots <= 1) return 0;
  return Math.floor(Math.min(MAX_BEAT_MS, Math.max(MIN_BEAT_MS, SALVO_SPAN_MS / (shots - 1))));
}

/**
 * The plan's shots (splashes and explosions, one per new shot on either grid) in the order they
 * land: those of `order` (the move's shots as fired: the view's lastMove, or its battlePlace alone)
 * last and in that order; any other, which the view says nothing of, first as the plan lists them.
 */
export function shotOrder(effects: readonly Effect[], order: readonly Coord[]): ShotEffect[] {
  const shots = effects.filter(isShot);
  const rank = (shot: ShotEffect) => order.findIndex((c) => same(c, shot.cell));
  const known = shots.filter((s) => rank(s) >= 0).sort((a, b) => rank(a) - rank(b));
  return [...shots.filter((s) => rank(s) < 0), ...known];
}

/** The order a snapshot tells of its last move: lastMove when the server sends it, else the last shot. */
export function moveOrder(view: {
  readonly lastMove?: readonly Coord[] | null;
  readonly battlePlace: Coord | null;
}): readonly Coord[] {
  if (view.lastMove && view.lastMove.length > 0) return view.lastMove;
  return view.battlePlace ? [view.battlePlace] : [];
}

/** What a shot sounds like: a miss, a hit, or the hit that sank a ship (the last of its shots to land). */
function shotCue(shot: ShotEffect, sinking: ReadonlySet<ShotEffect>): SoundCue {
  if (shot.kind === 'splash') return 'miss';
  return sinking.has(shot) ? 'sunk' : 'hit';
}

/**
 * Gives each effect and sound of `plan` its delay: shot i of n lands at i × beatGap(n) with its own
 * cue; a sunk ship starts burning with the last of its shots, the one that sank it; the turn passes
 * and the end of the game sounds once every shot has landed. The plan's own shot cue (from the
 * view's last shot alone) gives way to one cue per shot seen on the grids: every shot changes a cell.
 */
export function scheduleShots(plan: EffectPlan, order: readonly Coord[]): ScheduledPlan {
  const shots = shotOrder(plan.effects, order);
  const gap = beatGap(shots.length);
  const landing = new Map<ShotEffect, number>(shots.map((s, i) => [s, i * gap]));
  const done = shots.length === 0 ? 0 : (shots.length - 1) * gap + SETTLE_MS;
  // The shot that sank each ship: the last of the shots on its cells to land.
  const sinking = new Set<ShotEffect>();
  const effects = plan.effects.map((effect): Timed<Effect> => {
    if (isShot(effect)) return { delayMs: landing.get(effect) ?? 0, item: effect };
    if (effect.kind === 'turn') return { delayMs: done, item: effect };
    const onShip = shots.filter((s) => s.board === effect.board && effect.cells.some((c) => same(c, s.cell)));
    const last = onShip.at(-1);
    if (last) sinking.add(last);
    return { delayMs: last ? (landing.get(last) ?? 0) : 0, item: effect };
  });
  const ends = plan.sounds.filter((cue) => cue === 'victory' || cue === 'defeat');
  return {
    effects,
    sounds: [
      ...shots.map((s) => ({ delayMs: landing.get(s) ?? 0, item: shotCue(s, sinking) })),
      ...ends.map((item) => ({ delayMs: done, item })),
    ],
  };
}
