import { describe, expect, it } from 'vitest';
import { TurnTracker } from '../../../src/bots';
import { createRng, emptyGrid, type Grid, makeRules, randomFleet } from '../../../src/game';
import {
  type ClientGameState,
  initialGameState,
  initialMatch,
  type Member,
  shotsThisTurn,
} from '../../../src/protocol';

const ME = 'me';
const THEM = 'them';

function members(toPlay: string): Member[] {
  return [
    { userId: ME, username: 'me', socketId: 's1', hasToPlay: toPlay === ME, connected: true, awayUntil: null },
    { userId: THEM, username: 'them', socketId: 's2', hasToPlay: toPlay === THEM, connected: true, awayUntil: null },
  ];
}

function gridWith(cells: [number, number, 'M' | 'H' | 'D'][]): Grid {
  const grid = emptyGrid();
  for (const [x, y, c] of cells) (grid[y] ?? [])[x] = c;
  return grid;
}

function state(patch: Partial<ClientGameState>): ClientGameState {
  return { ...initialGameState('room'), gameStatus: 'PLAY', ...patch };
}

describe('TurnTracker', () => {
  it('lets the first shooter open the game', () => {
    const turn = new TurnTracker(ME);
    expect(turn.mine(state({ members: members(ME) }))).toBe(true);
    expect(turn.mine(state({ members: members(THEM) }))).toBe(false);
  });

  it('does not trust a hasToPlay that predates its own shot (ack before frames)', () => {
    const turn = new TurnTracker(ME);
    const before = state({ members: members(ME) });
    turn.fired('M', before);
    // The ack is in, the frames are not: members still says "me".
    expect(turn.mine(before)).toBe(false);
    // battlePlace and the grid show my shot, members not yet: still not my turn.
    const shown = state({
      members: members(ME),
      battlePlace: { shooterId: ME, x: 0, y: 0, result: 'M' },
      opponentBoats: gridWith([[0, 0, 'M']]),
    });
    expect(turn.mine(shown)).toBe(false);
    // The opponent shoots back: now it is.
    const answered = state({
      members: members(ME),
      battlePlace: { shooterId: THEM, x: 5, y: 5, result: 'M' },
      opponentBoats: gridWith([[0, 0, 'M']]),
      playerBoats: gridWith([[5, 5, 'M']]),
    });
    expect(turn.mine(answered)).toBe(true);
  });

  it('as the second shooter, waits for a newer opponent shot than the one it answered', () => {
    const turn = new TurnTracker(ME);
    const first = state({
      members: members(ME),
      battlePlace: { shooterId: THEM, x: 1, y: 1, result: 'M' },
      playerBoats: gridWith([[1, 1, 'M']]),
    });
    expect(turn.mine(first)).toBe(true);
    turn.fired('H', first);
    // My grid caught up but members and battlePlace have not: the opponent's old shot must not count.
    expect(turn.mine({ ...first, opponentBoats: gridWith([[3, 3, 'H']]) })).toBe(false);
  });

  it('waits for the sunk map after a D, so the shooter never sees a sunk ship as afloat', () => {
    const turn = new TurnTracker(ME);
    const before = state({ members: members(ME) });
    turn.fired('D', before);
    const noMap = state({
      members: members(ME),
      battlePlace: { shooterId: THEM, x: 5, y: 5, result: 'M' },
      opponentBoats: gridWith([[0, 0, 'D']]),
      playerBoats: gridWith([[5, 5, 'M']]),
    });
    expect(turn.mine(noMap)).toBe(false);
    expect(turn.mine({ ...noMap, opponentShipsIndexes: { '4': [{ x: 0, y: 0 }] } })).toBe(true);
  });

  it('keeps the turn after its own hit under again=hit, and only then', () => {
    const match = { ...initialGameState('room').match, rules: makeRules({ again: 'hit' }) };
    const turn = new TurnTracker(ME);
    const before = state({ members: members(ME), match });
    turn.fired('H', before);
    // The ack is in, the frames are not: not yet.
    expect(turn.mine(before)).toBe(false);
    const hit = state({
      members: members(ME),
      match,
      battlePlace: { shooterId: ME, x: 0, y: 0, result: 'H' },
      opponentBoats: gridWith([[0, 0, 'H']]),
    });
    expect(turn.mine(hit)).toBe(true);
    // The same frames under the classic rules: the turn went to the opponent.
    expect(turn.mine({ ...hit, match: initialGameState('room').match })).toBe(false);
    // A miss passes the turn under again=hit too.
    turn.fired('M', hit);
    const miss = state({
      members: members(ME),
      match,
      battlePlace: { shooterId: ME, x: 1, y: 0, result: 'M' },
      opponentBoats: gridWith([
        [0, 0, 'H'],
        [1, 0, 'M'],
      ]),
    });
    expect(turn.mine(miss)).toBe(false);
  });

  it('keeps the turn after its own hit under again=hit, once the grid shows the whole salvo', () => {
    const turn = new TurnTracker(ME);
    const match = { ...initialMatch(), rules: makeRules({ shots: 'salvo', again: 'hit' }) };
    const before = state({ members: members(ME), match });
    turn.fired(['M', 'H'], before, before);
    expect(turn.shots).toBe(2);
    // Only one of the two shots shown yet: not yet.
    const half = state({ members: members(ME), match, opponentBoats: gridWith([[0, 0, 'M']]) });
    expect(turn.mine(half)).toBe(false);
    const shown = {
      ...half,
      opponentBoats: gridWith([
        [0, 0, 'M'],
        [1, 0, 'H'],
      ]),
    };
    expect(turn.mine(shown)).toBe(true);
    // All misses pass the turn, as ever.
    turn.fired(['M', 'M'], shown, shown);
    expect(
      turn.mine({
        ...shown,
        opponentBoats: gridWith([
          [0, 0, 'M'],
          [1, 0, 'H'],
          [2, 0, 'M'],
          [3, 0, 'M'],
        ]),
      }),
    ).toBe(false);
  });

  it('waits until its own grid shows the opponent shot that gave it the turn (a salvo counts ships afloat)', () => {
    const turn = new TurnTracker(ME);
    const shot = { shooterId: THEM, x: 4, y: 4, result: 'D' } as const;
    const early = state({ members: members(ME), battlePlace: shot });
    expect(turn.mine(early)).toBe(false);
    expect(turn.mine({ ...early, playerBoats: gridWith([[4, 4, 'D']]) })).toBe(true);
  });
});

describe('TurnTracker on a SPEC server that told both players to play', () => {
  // Two placements that met on the original server can leave both players with hasToPlay
  // (docs/protocol.md, "Interoperability"): one of them shoots, the host, until a miss passes the turn.
  const both = (hostId: string): Member[] =>
    members(ME).map((m) => ({ ...m, hasToPlay: true, isHost: m.userId === hostId }));
  const spec = (patch: Partial<ClientGameState>): ClientGameState => state({ membersAtShots: 0, ...patch });

  it('lets the host shoot and the other wait; the host keeps it after a hit, the other takes it after a miss', () => {
    const host = new TurnTracker(ME);
    const other = new TurnTracker(THEM);
    expect(host.mine(spec({ members: both(ME) }))).toBe(true);
    expect(other.mine(spec({ members: both(ME) }))).toBe(false);
    // Seen from the other side: my shot is on its own grid; still both flagged after a hit.
    const hit = spec({ members: both(ME), playerBoats: gridWith([[0, 0, 'H']]), membersAtShots: 1 });
    expect(other.mine(hit)).toBe(false);
    // A miss hands the turn over properly: only the other is flagged now.
    const missed = spec({
      members: members(THEM),
      playerBoats: gridWith([
        [0, 0, 'H'],
        [1, 0, 'M'],
      ]),
      membersAtShots: 2,
    });
    expect(other.mine(missed)).toBe(true);
  });

  it('without a host mark, the smaller userId shoots', () => {
    const unmarked = members(ME).map((m) => ({ ...m, hasToPlay: true }));
    expect(new TurnTracker(ME).mine(spec({ members: unmarked }))).toBe(true);
    expect(new TurnTracker(THEM).mine(spec({ members: unmarked }))).toBe(false);
  });
});

describe('shotsThisTurn', () => {
  const fleet = randomFleet(createRng(3));
  it('is one under one-shot rules and one per own ship afloat under salvo rules', () => {
    expect(shotsThisTurn(state({ shipsIndexes: fleet }))).toBe(1);
    const match = { ...initialMatch(), rules: makeRules({ shots: 'salvo' }) };
    expect(shotsThisTurn(state({ shipsIndexes: fleet, match }))).toBe(5);
    const sunk = emptyGrid();
    for (const c of fleet['4']) (sunk[c.y] ?? [])[c.x] = 'D';
    expect(shotsThisTurn(state({ shipsIndexes: fleet, match, playerBoats: sunk }))).toBe(4);
    // Never more than the cells left to shoot.
    const almost = emptyGrid().map((row, y) => row.map((_, x) => (y === 0 && x < 2 ? 'E' : 'M')));
    expect(shotsThisTurn(state({ shipsIndexes: fleet, match, opponentBoats: almost }))).toBe(2);
  });
});
