import { describe, expect, it } from 'vitest';
import {
  CLASSIC_RULES,
  coordOf,
  createRng,
  fleetCells,
  makeRules,
  randomFleet,
  type Rules,
  type ShotResult,
} from '../../../src/game';
import { gameScript } from '../../../src/protocol/game-script';
import type { GameRecord } from '../../../src/protocol/history';

/** A game A won by hitting every cell of B's fleet, while B missed `bMisses` times. */
function record(rules: Rules, bMisses: number): GameRecord {
  const fleetA = randomFleet(createRng(1), rules);
  const fleetB = randomFleet(createRng(2), rules);
  const shipsOfA = fleetCells(fleetA);
  const water = [...Array(100).keys()].filter((i) => !shipsOfA.has(i)).slice(0, bMisses);
  const aShots = [...fleetCells(fleetB)].map((i) => ({ ...coordOf(i), shooterId: 'a', result: 'H' as ShotResult }));
  const bShots = water.map((i) => ({ ...coordOf(i), shooterId: 'b', result: 'M' as ShotResult }));
  return {
    gameId: 7,
    slug: 'brave-otter-42',
    round: 1,
    startedAt: 0,
    endedAt: 1,
    endReason: 'SUNK',
    rules,
    winner: 'a',
    firstPlayer: 'a',
    players: [
      { userId: 'a', username: 'alice', bot: null, fleet: fleetA },
      { userId: 'b', username: 'bob', bot: null, fleet: fleetB },
    ],
    shots: [...aShots, ...bShots].map((s, seq) => ({ ...s, seq })),
    passes: [],
  };
}

describe('gameScript: an export plays again under the game’s rules', () => {
  it('writes the rules of a classic game, and pads the loser to one shot per shot of the winner', () => {
    const script = gameScript(record(CLASSIC_RULES, 3));
    expect(script?.rules).toEqual(CLASSIC_RULES);
    expect(script?.shots).toHaveLength(17);
    expect(script?.opponent.shots).toHaveLength(17);
  });

  it('writes salvo rules, and pads the loser with a whole salvo a move, as far as there is water', () => {
    const rules = makeRules({ fleet: 'russian', touch: false, shots: 'salvo' });
    const script = gameScript(record(rules, 5));
    if (!script) throw new Error('no script');
    expect(script.rules).toEqual(rules);
    expect(script.shots).toHaveLength(20);
    // All of the winner's water the loser never shot: 100 − 20 ship cells − 5 misses, after its 5.
    const theirs = script.opponent.shots;
    expect(theirs).toHaveLength(80);
    expect(theirs.slice(5).every((s) => s.expect === 'M')).toBe(true);
    const ships = fleetCells(script.fleet);
    expect(theirs.some((s) => ships.has(s.y * 10 + s.x))).toBe(false);
    expect(new Set(theirs.map((s) => s.y * 10 + s.x)).size).toBe(80);
  });
});
