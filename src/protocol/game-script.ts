import {
  cellIndex,
  coordOf,
  fleetCells,
  fleetKeys,
  GRID_SIZE,
  type Rules,
  type ShipMap,
  type ShotResult,
} from '../game';
import type { GameRecord } from './history';

/** A shot of a `broadside script` file, with the answer it must get. */
export interface ScriptShot {
  readonly x: number;
  readonly y: number;
  readonly expect: ShotResult;
}

/**
 * Turns the clock passed in the original game (the player let the turn run out), each given as the
 * number of that player's own shots fired before it. A replay has no clock and does not play them:
 * turns simply alternate, which changes no answer (an answer depends only on the target's fleet and
 * the shooter's own earlier shots). They keep the file a faithful account of the game.
 */
export interface ScriptPasses {
  readonly me: readonly number[];
  readonly opponent: readonly number[];
}

/** The `broadside script` file (docs/cli.md) that replays a finished game. */
export interface ExportedScript {
  readonly description: string;
  readonly account: { readonly register: true };
  readonly room: { readonly create: true };
  /** The rules the game was played under: the script's room is created under them. */
  readonly rules: Rules;
  readonly opponent: {
    readonly strategy: 'random';
    readonly placement: 'random';
    readonly fleet: ShipMap;
    readonly shots: readonly ScriptShot[];
    readonly seed: number;
  };
  readonly fleet: ShipMap;
  readonly shots: readonly ScriptShot[];
  readonly expectWinner?: 'me';
  /** Only when the clock passed turns. */
  readonly passes?: ScriptPasses;
  readonly seed: number;
}

/** For each turn `playerId` let the clock pass, how many of their own shots came before it. */
function passesOf(record: GameRecord, playerId: string): number[] {
  return record.passes
    .filter((p) => p.playerId === playerId)
    .map((p) => record.shots.filter((s) => s.shooterId === playerId && s.seq < p.seq).length);
}

/**
 * Turns a finished game into a script that plays it again: the scripted player takes the winner's
 * seat (fleet and shots), the CLI's opponent bot the loser's (fleet and shots). Who shoots first is
 * the server's draw, so the opponent may need one move more than it made: its list is padded with
 * shots at water it never shot, which miss whatever the order and change nothing else (under salvo
 * rules a move is up to one shot per ship, so the padding is a whole salvo per move of the winner,
 * as far as there is water). Every shot keeps its answer, since an answer depends only on the
 * target's fleet and the shooter's own earlier shots. The rules travel with the script, so a salvo
 * or russian game is played again under them. Null when neither player fired a shot.
 */
export function gameScript(record: GameRecord): ExportedScript | null {
  const [a, b] = record.players;
  if (!a || !b) return null;
  const firedBy = (id: string): ScriptShot[] =>
    record.shots.filter((s) => s.shooterId === id).map((s) => ({ x: s.x, y: s.y, expect: s.result }));
  const preferred = record.winner ?? record.firstPlayer ?? a.userId;
  let [me, them] = preferred === b.userId ? [b, a] : [a, b];
  if (firedBy(me.userId).length === 0) [me, them] = [them, me];
  const shots = firedBy(me.userId);
  if (shots.length === 0) return null;

  const theirShots = firedBy(them.userId);
  const shotAtMe = new Set(theirShots.map(cellIndex));
  const ships = fleetCells(me.fleet);
  const perMove = record.rules.shots === 'salvo' ? fleetKeys(record.rules).length : 1;
  const wanted = record.rules.shots === 'salvo' ? (shots.length + 1) * perMove : shots.length;
  for (let i = 0; i < GRID_SIZE * GRID_SIZE && theirShots.length < wanted; i++) {
    if (ships.has(i) || shotAtMe.has(i)) continue;
    const c = coordOf(i);
    theirShots.push({ x: c.x, y: c.y, expect: 'M' });
  }
  const how = record.endReason === 'SUNK' ? 'sank every ship' : `won by ${record.endReason.toLowerCase()}`;
  const passes = { me: passesOf(record, me.userId), opponent: passesOf(record, them.userId) };
  const passed = passes.me.length + passes.opponent.length;
  const won = record.winner === me.userId;
  return {
    description:
      `Game ${record.gameId} (room ${record.slug}, round ${record.round}): ${me.username} vs ${them.username}; ` +
      `${won ? me.username : them.username} ${how}.` +
      (passed > 0 ? ` The turn clock passed ${passed} turn(s) (see passes); the replay has no clock.` : '') +
      ` Exported from Broadside; me = ${me.username}.`,
    account: { register: true },
    room: { create: true },
    rules: { ...record.rules },
    opponent: { strategy: 'random', placement: 'random', fleet: them.fleet, shots: theirShots, seed: 1 },
    fleet: me.fleet,
    shots,
    ...(won && record.endReason === 'SUNK' ? { expectWinner: 'me' as const } : {}),
    ...(passed > 0 ? { passes } : {}),
    seed: 1,
  };
}
