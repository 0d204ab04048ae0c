import { err, ok, type Result } from './result';

/**
 * The rules a room is played under (docs/game.md, "Rule variants"). Plain data, stored with every
 * game and carried in views, history, replays, scripts and the engine protocol's `newgame` line.
 * - `fleet`: `classic` 5,4,3,3,2 or `russian` 4,3,3,2,2,2,1,1,1,1;
 * - `touch`: whether ships may touch (side or corner); `russian` implies false;
 * - `shots`: `one` per turn, or `salvo`: one per own ship afloat, fired and answered together;
 * - `again`: `never` (the turn passes after every shot) or `hit` (a hit or a sink keeps the turn).
 */
export interface Rules {
  readonly fleet: FleetName;
  readonly touch: boolean;
  readonly shots: ShotsRule;
  readonly again: AgainRule;
}

export const FLEET_NAMES = ['classic', 'russian'] as const;
export type FleetName = (typeof FLEET_NAMES)[number];
export const SHOTS_RULES = ['one', 'salvo'] as const;
export type ShotsRule = (typeof SHOTS_RULES)[number];
export const AGAIN_RULES = ['never', 'hit'] as const;
export type AgainRule = (typeof AGAIN_RULES)[number];

/** Ship lengths of each fleet, in fleet order (ship numbers count from 0 in this order). */
export const FLEETS: Readonly<Record<FleetName, readonly number[]>> = {
  classic: [5, 4, 3, 3, 2],
  russian: [4, 3, 3, 2, 2, 2, 1, 1, 1, 1],
};

/** The classic game: five ships that may touch, one shot per turn, the turn passes after every shot. */
export const CLASSIC_RULES: Rules = { fleet: 'classic', touch: true, shots: 'one', again: 'never' };

/** The original server's game: classic, but a hit or a sink keeps the turn ("shoot again"). */
export const ORIGINAL_RULES: Rules = { ...CLASSIC_RULES, again: 'hit' };

/** Fills omitted keys with the defaults; a russian fleet never touches. */
export function makeRules(partial: Partial<Rules> = {}): Rules {
  const fleet = partial.fleet ?? CLASSIC_RULES.fleet;
  return {
    fleet,
    touch: fleet === 'russian' ? false : (partial.touch ?? CLASSIC_RULES.touch),
    shots: partial.shots ?? CLASSIC_RULES.shots,
    again: partial.again ?? CLASSIC_RULES.again,
  };
}

export function fleetLengths(rules: Rules): readonly number[] {
  return FLEETS[rules.fleet];
}

export function sameRules(a: Rules, b: Rules): boolean {
  return a.fleet === b.fleet && a.touch === b.touch && a.shots === b.shots && a.again === b.again;
}

/** True for the rules a client of the original protocol can show: classic fleet, one shot a turn. */
export function isSpecCompatible(rules: Rules): boolean {
  return rules.fleet === 'classic' && rules.shots === 'one';
}

/** `fleet=russian,touch=no,shots=salvo,again=hit` (the CLI's `--rules`); also a stable key per set of rules. */
export function formatRules(rules: Rules): string {
  return `fleet=${rules.fleet},touch=${rules.touch ? 'yes' : 'no'},shots=${rules.shots},again=${rules.again}`;
}

const YES = new Set(['yes', 'true', '1', 'on']);
const NO = new Set(['no', 'false', '0', 'off']);

function pick<T extends string>(allowed: readonly T[], key: string, value: string): Result<T, string> {
  return (allowed as readonly string[]).includes(value)
    ? ok(value as T)
    : err(`${key} must be one of ${allowed.join(', ')} (got "${value}")`);
}

/** Parses the CLI form (`formatRules`); an empty string is the classic rules. Errors say what is wrong. */
export function parseRules(text: string): Result<Rules, string> {
  const partial: { -readonly [K in keyof Rules]?: Rules[K] } = {};
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const [key, value, extra] = part.split('=').map((p) => p.trim().toLowerCase());
    if (key === undefined || value === undefined || extra !== undefined)
      return err(`"${part}" is not key=value (keys: fleet, touch, shots, again)`);
    if (key === 'fleet') {
      const fleet = pick(FLEET_NAMES, key, value);
      if (!fleet.ok) return fleet;
      partial.fleet = fleet.value;
    } else if (key === 'touch') {
      if (YES.has(value)) partial.touch = true;
      else if (NO.has(value)) partial.touch = false;
      else return err(`touch must be yes or no (got "${value}")`);
    } else if (key === 'shots') {
      const shots = pick(SHOTS_RULES, key, value);
      if (!shots.ok) return shots;
      partial.shots = shots.value;
    } else if (key === 'again') {
      const again = pick(AGAIN_RULES, key, value);
      if (!again.ok) return again;
      partial.again = again.value;
    } else return err(`unknown rule "${key}" (keys: fleet, touch, shots, again)`);
  }
  if (partial.fleet === 'russian' && partial.touch === true) return err('a russian fleet may not touch');
  return ok(makeRules(partial));
}
