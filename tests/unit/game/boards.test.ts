import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGAIN_RULES,
  type Board,
  boardsOf,
  buildBoards,
  type Cell,
  cellIndex,
  type Coord,
  coordOf,
  createRng,
  emptyGrid,
  FLEET_NAMES,
  fire,
  type GameState,
  type Grid,
  knownOpponentGrid,
  knownOpponentShips,
  makeRules,
  type Move,
  opponentOf,
  ownGrid,
  type PartialShipMap,
  passTurn,
  playerView,
  playMoves,
  publicBoard,
  replayState,
  resign,
  resolveShot,
  type Rules,
  SHOTS_RULES,
  type ShipKey,
  type ShipMap,
  shipEntries,
  shipsAfloat,
  shotsAllowed,
  spectatorView,
  turnShots,
} from '../../../src/game';
import { ALICE, BOB, seedArb, unwrap, variantGame } from './helpers';

/*
 * The boards kept per state (src/game/boards.ts) against views computed the straightforward way,
 * from the whole shot list, at every move of random games of every rule variant, including states
 * that arrive without boards (restored from storage as JSON, replayed from a record).
 */

// ---- The reference: everything read again from the shot list, as the views were before boards. ----

const shotSet = (state: GameState, shooter: string | undefined): Set<number> =>
  new Set(state.shots.filter((s) => s.shooterId === shooter).map(cellIndex));

/** The shots `shooter` fired marked on a grid: M, H, then D on every cell of a ship whose cells are all hit. */
function refMark(grid: Grid, state: GameState, shooter: string | undefined, fleet: ShipMap | undefined): Grid {
  if (shooter === undefined) return grid;
  for (const s of state.shots) {
    const row = grid[s.y];
    if (s.shooterId === shooter && row) row[s.x] = s.result === 'M' ? 'M' : 'H';
  }
  for (const [, cells] of fleet ? shipEntries(fleet) : []) {
    if (!cells.every((c) => grid[c.y]?.[c.x] === 'H')) continue;
    for (const c of cells) (grid[c.y] as Cell[])[c.x] = 'D';
  }
  return grid;
}

function refOwnGrid(state: GameState, id: string): Grid {
  const grid = emptyGrid();
  const fleet = state.fleets[id];
  for (const [, cells] of fleet ? shipEntries(fleet) : []) for (const c of cells) (grid[c.y] as Cell[])[c.x] = 'S';
  return refMark(grid, state, opponentOf(state, id), fleet);
}

function refPublicGrid(state: GameState, id: string): Grid {
  return refMark(emptyGrid(), state, opponentOf(state, id), state.fleets[id]);
}

/** `owner`'s ships sunk by the other player's shots, or all of them once ENDED. */
function refShips(state: GameState, owner: string | undefined): PartialShipMap {
  const fleet = owner === undefined ? undefined : state.fleets[owner];
  const out: Partial<Record<ShipKey, readonly Coord[]>> = {};
  const shots = shotSet(state, owner === undefined ? undefined : opponentOf(state, owner));
  for (const [ship, cells] of fleet ? shipEntries(fleet) : []) {
    if (state.status === 'ENDED' || cells.every((c) => shots.has(cellIndex(c)))) out[ship] = cells;
  }
  return out;
}

function refShotsAllowed(state: GameState, id: string): number {
  const opponent = opponentOf(state, id);
  return turnShots({
    rules: state.rules,
    fleet: state.fleets[id],
    shotsAtFleet: shotSet(state, opponent),
    unshotTargets: 100 - shotSet(state, id).size,
  });
}

/** Every view and rule lookup of `state` equals the reference's. */
function expectViewsAsReference(state: GameState): void {
  for (const id of state.players) {
    const opponent = opponentOf(state, id);
    expect(ownGrid(state, id)).toEqual(refOwnGrid(state, id));
    expect(knownOpponentGrid(state, id)).toEqual(opponent === undefined ? emptyGrid() : refPublicGrid(state, opponent));
    expect(knownOpponentShips(state, id)).toEqual(refShips(state, opponent));
    expect(shotsAllowed(state, id)).toBe(refShotsAllowed(state, id));
    const view = playerView(state, id);
    expect(view.playerBoats).toEqual(refOwnGrid(state, id));
    expect(view.opponentShipsIndexes).toEqual(refShips(state, opponent));
    expect(publicBoard(state, id)).toEqual({
      playerId: id,
      grid: refPublicGrid(state, id),
      ships: refShips(state, id),
    });
    // Shots and hits each player took, as a spectator's frame counts them.
    const board = boardsOf(state)[state.players.indexOf(id)] as Board;
    const taken = state.shots.filter((s) => s.shooterId === opponent);
    expect(board.shots).toBe(taken.length);
    expect(board.hits).toBe(taken.filter((s) => s.result !== 'M').length);
    const fleet = state.fleets[id];
    expect(board.afloat).toBe(fleet ? shipsAfloat(fleet, shotSet(state, opponent)) : 0);
  }
  expect(spectatorView(state).boards.map((b) => b.grid)).toEqual(state.players.map((p) => refPublicGrid(state, p)));
}

/** The boards kept with a state equal the boards read from its whole shot list. */
function expectBoardsAsBuilt(state: GameState): void {
  const kept = boardsOf(state);
  const built = buildBoards(state.players, state.fleets, state.shots);
  expect(kept.map(plain)).toEqual(built.map(plain));
}

const plain = (b: Board) => ({ ...b, marks: [...b.marks] });

/** A state as storage gives it back: the same data, a new object, no boards kept with it. */
const restored = (state: GameState): GameState => JSON.parse(JSON.stringify(state)) as GameState;

// ---- Random games of every rule variant. ----

const rulesArb: fc.Arbitrary<Rules> = fc
  .record({
    fleet: fc.constantFrom(...FLEET_NAMES),
    touch: fc.boolean(),
    shots: fc.constantFrom(...SHOTS_RULES),
    again: fc.constantFrom(...AGAIN_RULES),
  })
  .map((r) => makeRules(r));

interface Played {
  readonly states: GameState[];
  readonly moves: Move[];
}

/**
 * A game played to its end by random moves: random unshot cells as many as allowed, now and then
 * a turn the clock passes, and (`resignAt`) a resignation; every state after the first is checked.
 */
function playRandom(rules: Rules, seed: number, resignAt: number | null): Played {
  const rng = createRng(seed ^ 0x5eed);
  let state = variantGame(rules, seed);
  const states = [state];
  const moves: Move[] = [];
  for (let n = 0; state.status === 'PLAY'; n++) {
    if (n > 400) throw new Error('the game did not end');
    const mover = state.turn ?? '';
    if (n === resignAt) {
      state = unwrap(resign(state, mover));
    } else if (rng.int(12) === 0 && (state.missedTurns[mover] ?? 0) < 1) {
      state = unwrap(passTurn(state, mover));
      moves.push({ kind: 'timeout', playerId: mover });
    } else {
      const opponent = opponentOf(state, mover) ?? '';
      const done = shotSet(state, mover);
      const free = Array.from({ length: 100 }, (_, i) => i).filter((i) => !done.has(i));
      const cells: Coord[] = [];
      for (let k = shotsAllowed(state, mover); k > 0; k--)
        cells.push(coordOf(free.splice(rng.int(free.length), 1)[0] ?? 0));
      const move = unwrap(fire(state, mover, cells));
      // Each answer is resolveShot's over every shot fired at that fleet before it.
      const before = shotSet(state, mover);
      for (const [i, cell] of cells.entries()) {
        expect(move.outcomes[i]).toEqual(resolveShot(state.fleets[opponent] as ShipMap, before, cell));
        before.add(cellIndex(cell));
      }
      for (const shot of move.shots) moves.push({ kind: 'shot', shot });
      state = move.state;
    }
    states.push(state);
  }
  return { states, moves };
}

describe('boards kept per state', () => {
  it('property: at every move of every variant, the views read off the boards are the views read off all the shots', () => {
    fc.assert(
      fc.property(rulesArb, seedArb, fc.option(fc.integer({ min: 0, max: 60 })), (rules, seed, resignAt) => {
        const { states } = playRandom(rules, seed, resignAt);
        for (const state of states) {
          expectViewsAsReference(state);
          expectBoardsAsBuilt(state);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('property: a state restored from storage or replayed gets its boards from its shots, and play goes on from them', () => {
    fc.assert(
      fc.property(rulesArb, seedArb, fc.integer({ min: 0, max: 200 }), (rules, seed, cut) => {
        const { states, moves } = playRandom(rules, seed, null);
        const last = states[states.length - 1] as GameState;
        // Restored mid-game: a JSON copy has no boards; views and the next moves read the rebuilt ones.
        const at = states[Math.min(cut, states.length - 1)] as GameState;
        const copy = restored(at);
        expectViewsAsReference(copy);
        if (copy.status === 'PLAY') {
          const mover = copy.turn ?? '';
          const free = Array.from({ length: 100 }, (_, i) => i).filter((i) => !shotSet(copy, mover).has(i));
          const cells = free.slice(0, shotsAllowed(copy, mover)).map(coordOf);
          const next = unwrap(fire(copy, mover, cells)).state;
          expectViewsAsReference(next);
          expectBoardsAsBuilt(next);
          // A cell shot before the restore is refused, as before it.
          const shotBefore = copy.shots.find((s) => s.shooterId === mover);
          if (shotBefore)
            expect(fire(copy, mover, [shotBefore, ...cells.slice(1)])).toEqual({ ok: false, error: 'ALREADY_SHOT' });
        }
        // Replayed: playMoves gives the round's turn and shots back, replayState every step's views.
        const [a, b] = last.players as [string, string];
        const replayed = playMoves(last.players, states[0]?.turn ?? a, moves, { rules, fleets: last.fleets });
        expect(replayed.shots).toEqual(last.shots);
        const source = {
          players: [
            { userId: a, fleet: last.fleets[a] as ShipMap },
            { userId: b, fleet: last.fleets[b] as ShipMap },
          ],
          shots: last.shots,
          winner: last.winner,
          endReason: last.endReason ?? 'SUNK',
          rules,
        };
        for (const step of [0, Math.floor(last.shots.length / 2), last.shots.length]) {
          const state = replayState(source, step);
          expectViewsAsReference(state);
          expectBoardsAsBuilt(state);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a turn passed or a game given up shares the boards of the state before it', () => {
    const state = variantGame(makeRules({ shots: 'salvo' }), 9);
    const mover = state.turn ?? ALICE;
    const passed = unwrap(passTurn(state, mover));
    expect(boardsOf(passed)).toBe(boardsOf(state));
    const given = unwrap(resign(passed, passed.turn ?? BOB));
    expect(boardsOf(given)).toBe(boardsOf(state));
    expectViewsAsReference(given);
  });

  it('a move changes only the board shot at: the shooter’s own board is the same object', () => {
    const state = variantGame(makeRules({}), 4);
    const mover = state.turn ?? ALICE;
    const next = unwrap(fire(state, mover, [{ x: 0, y: 0 }])).state;
    const own = state.players.indexOf(mover);
    expect(boardsOf(next)[own]).toBe(boardsOf(state)[own]);
    expect(boardsOf(next)[1 - own]).not.toBe(boardsOf(state)[1 - own]);
  });
});
