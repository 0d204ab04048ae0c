import { cellIndex, coordOf, GRID_SIZE, type Rules } from '../../src/game';
import type { GameRecord } from '../engine/referee';
import { shipMapOf } from '../engine/rules-support';

/**
 * A refereed game as a `broadside script` file (docs/cli.md) that plays it again through a server
 * under the same rules: the scripted player takes the winner's seat (fleet and shots), the opponent
 * bot the loser's, as `broadside export` does. Shots are listed in the order fired; under salvo
 * rules each move takes as many of them as the rules then allow. The server draws who shoots
 * first, so the opponent's list is padded with shots at water, which change no answer: one move
 * more than the scripted player's (a whole salvo's worth under salvo rules). Null when nobody fired
 * or a fleet is missing. `extra` goes at the end (the tournament adds the game's `record`).
 */
export function scriptOfGame(
  record: GameRecord,
  rules: Rules,
  description: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> | null {
  if (record.fleets[0].length === 0 || record.fleets[1].length === 0) return null;
  const firedBy = (seat: 0 | 1) =>
    record.shots.filter((s) => s.seat === seat).map((s) => ({ x: s.x, y: s.y, expect: s.result }));
  let me: 0 | 1 = record.winner;
  if (firedBy(me).length === 0) me = me === 0 ? 1 : 0;
  const them: 0 | 1 = me === 0 ? 1 : 0;
  const shots = firedBy(me);
  if (shots.length === 0) return null;
  const theirShots = firedBy(them);
  const shotAtMe = new Set(theirShots.map(cellIndex));
  const ships = new Set(record.fleets[me].flat().map(cellIndex));
  // Under salvo rules a move is at most one shot per ship of the opponent's fleet.
  const perMove = rules.shots === 'salvo' ? record.fleets[them].length : 1;
  const wanted = (shots.length + 1) * perMove;
  for (let i = 0; i < GRID_SIZE * GRID_SIZE && theirShots.length < wanted; i++) {
    if (ships.has(i) || shotAtMe.has(i)) continue;
    const c = coordOf(i);
    theirShots.push({ x: c.x, y: c.y, expect: 'M' });
  }
  return {
    description,
    account: { register: true },
    room: { create: true },
    rules: { ...rules },
    opponent: {
      strategy: 'random',
      placement: 'random',
      fleet: shipMapOf(record.fleets[them]),
      shots: theirShots,
      seed: 1,
    },
    fleet: shipMapOf(record.fleets[me]),
    shots,
    ...(record.reason === 'sunk' && me === record.winner ? { expectWinner: 'me' } : {}),
    seed: 1,
    ...extra,
  };
}
