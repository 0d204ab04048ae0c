import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createRng, emptyGrid, type Grid, randomFleet } from '../../../src/game';
import { type ClientGameState, initialGameState, initialMatch } from '../../../src/protocol/client-state';
import type { Member } from '../../../src/protocol/types';
import { acceptRematch, applyServerState, gameStore, resetGameStore } from '../../../src/app/stores/game';

const alice: Member = {
  userId: 'me',
  username: 'alice',
  socketId: 's1',
  hasToPlay: false,
  connected: true,
  awayUntil: null,
};
const bob: Member = {
  userId: 'b',
  username: 'bob',
  socketId: 's2',
  hasToPlay: false,
  connected: true,
  awayUntil: null,
};
const fleet = randomFleet(createRng(3));

function marked(code: 'M' | 'H' | 'D', count: number): Grid {
  const grid = emptyGrid();
  for (let i = 0; i < count; i++) {
    const row = grid[Math.floor(i / 10)];
    if (row) row[i % 10] = code;
  }
  return grid;
}

/** The last round's end as this player saw it. */
const ended: ClientGameState = {
  ...initialGameState('room'),
  connected: true,
  gameStatus: 'ENDED',
  members: [alice, bob],
  shipsIndexes: fleet,
  playerBoats: marked('M', 12),
  opponentBoats: marked('D', 17),
  winner: { userId: 'me', username: 'alice' },
  match: { ...initialMatch(), endReason: 'SUNK', serverNow: 1 },
};

type Order = 'match first' | 'status first';

/**
 * What the server sends, event by event, when bob replays: its full state with `members` last,
 * and `match` either first (the reference server) or after the status (any order must work).
 */
function bobReplays(order: Order = 'match first'): void {
  const match = { ...initialMatch(), rematchBy: { userId: 'b', username: 'bob' }, serverNow: 2 };
  let state: ClientGameState = ended;
  if (order === 'match first') {
    state = { ...state, match };
    applyServerState(state, 'match');
  }
  state = { ...state, gameStatus: 'PLACE_SHIPS' };
  applyServerState(state, 'gameStatus');
  state = { ...state, shipsIndexes: null };
  applyServerState(state, 'shipsIndexes');
  state = { ...state, playerBoats: emptyGrid(), opponentBoats: emptyGrid(), opponentShipsIndexes: {}, winner: null };
  applyServerState(state, 'playerBoats');
  applyServerState(state, 'opponentBoats');
  applyServerState(state, 'winner');
  if (order === 'status first') {
    state = { ...state, match };
    applyServerState(state, 'match');
  }
  applyServerState(state, 'members');
}

describe('rematch without surprise', () => {
  beforeEach(() => {
    resetGameStore('me', 'room');
    applyServerState(ended, 'gameStatus');
  });

  it.each<Order>(['match first', 'status first'])(
    "keeps the final boards, the winner and the end reason when the opponent's replay starts a round (%s)",
    (order) => {
      bobReplays(order);
      expect(gameStore.gameStatus).toBe('ENDED');
      expect(gameStore.winner).toEqual({ userId: 'me', username: 'alice' });
      expect(gameStore.opponentBoats).toEqual(marked('D', 17));
      expect(gameStore.playerBoats).toEqual(marked('M', 12));
      expect(gameStore.shipsIndexes).toEqual(fleet);
      expect(gameStore.match.endReason).toBe('SUNK');
      expect(gameStore.rematch?.by).toEqual({ userId: 'b', username: 'bob' });
    },
  );

  it('goes on at once even when the player answers between the match and the status', () => {
    const match = { ...initialMatch(), rematchBy: { userId: 'b', username: 'bob' }, serverNow: 2 };
    applyServerState({ ...ended, match }, 'match');
    expect(gameStore.rematch).not.toBeNull();
    acceptRematch();
    applyServerState({ ...ended, match, gameStatus: 'PLACE_SHIPS', winner: null }, 'gameStatus');
    expect(gameStore.rematch).toBeNull();
    expect(gameStore.gameStatus).toBe('PLACE_SHIPS');
    expect(gameStore.replayAsked).toBe(false);
  });

  it('goes on to a fresh, editable placement of the new round when the player chooses', () => {
    bobReplays();
    const draft = gameStore.draft;
    acceptRematch();
    expect(gameStore.rematch).toBeNull();
    expect(gameStore.gameStatus).toBe('PLACE_SHIPS');
    expect(gameStore.winner).toBeNull();
    expect(gameStore.opponentBoats).toEqual(emptyGrid());
    expect(gameStore.shipsIndexes).toBeNull();
    expect(gameStore.fleetSubmitted).toBe(false);
    expect(gameStore.draft).not.toBe(draft);
    expect(gameStore.match.rematchBy?.username).toBe('bob');
  });

  it("shows the player's own replay at once", () => {
    gameStore.replayAsked = true;
    // The replay acknowledgement moves the status first, then the same frames arrive.
    bobReplays();
    expect(gameStore.rematch).toBeNull();
    expect(gameStore.gameStatus).toBe('PLACE_SHIPS');
    expect(gameStore.winner).toBeNull();
    expect(gameStore.replayAsked).toBe(false);
  });

  it('keeps presence live during the hold', () => {
    bobReplays();
    applyServerState(
      { ...ended, gameStatus: 'PLACE_SHIPS', connected: true, members: [alice, { ...bob, connected: false }] },
      'members',
    );
    expect(gameStore.members[1]?.connected).toBe(false);
    expect(gameStore.gameStatus).toBe('ENDED');
  });
});

describe('server clock', () => {
  beforeEach(() => resetGameStore('me', 'room'));

  it("estimates the server clock's offset from the match events", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      expect(gameStore.clockOffsetMs).toBeNull();
      const state = { ...ended, gameStatus: 'PLAY' as const, match: { ...initialMatch(), serverNow: 1_004_000 } };
      applyServerState(state, 'match');
      expect(gameStore.clockOffsetMs).toBe(4_000);
      // Other events, and the empty match before the first one, leave it alone.
      applyServerState({ ...state, match: initialMatch() }, 'match');
      applyServerState(state, 'members');
      expect(gameStore.clockOffsetMs).toBe(4_000);
      // A slower message (its serverNow 300 ms older on arrival) does not lower the estimate.
      vi.setSystemTime(1_010_300);
      applyServerState({ ...state, match: { ...initialMatch(), serverNow: 1_014_000 } }, 'match');
      expect(gameStore.clockOffsetMs).toBe(4_000);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('leaving the lobby', () => {
  beforeEach(() => resetGameStore('me', 'room'));

  it('tells the member who stays who left, until someone joins', () => {
    const lobby = { ...initialGameState('room'), connected: true, gameStatus: 'UNSTARTED' as const };
    applyServerState({ ...lobby, members: [alice, bob] }, 'members');
    expect(gameStore.departed).toEqual([]);
    applyServerState({ ...lobby, members: [alice] }, 'members');
    expect(gameStore.departed).toEqual(['bob']);
    applyServerState({ ...lobby, members: [alice] }, 'match');
    expect(gameStore.departed).toEqual(['bob']);
    applyServerState({ ...lobby, members: [alice, { ...bob, userId: 'c', username: 'carol' }] }, 'members');
    expect(gameStore.departed).toEqual([]);
  });
});
