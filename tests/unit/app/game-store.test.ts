import { beforeEach, describe, expect, it } from 'vitest';
import { randomFleet, createRng } from '../../../src/game';
import { type ClientGameState, initialGameState, initialMatch } from '../../../src/protocol/game-client';
import { applyServerState, gameStore, resetGameStore } from '../../../src/app/stores/game';

const fleet = randomFleet(createRng(7));

function state(patch: Partial<ClientGameState>): ClientGameState {
  return { ...initialGameState('room'), connected: true, ...patch };
}

describe('game store fed by the GameClient', () => {
  beforeEach(() => resetGameStore('me', 'room'));

  it('marks the fleet submitted once the server echoes it during placement', () => {
    applyServerState(state({ gameStatus: 'PLACE_SHIPS' }), 'gameStatus');
    expect(gameStore.fleetSubmitted).toBe(false);
    applyServerState(state({ gameStatus: 'PLACE_SHIPS', shipsIndexes: fleet }), 'shipsIndexes');
    expect(gameStore.fleetSubmitted).toBe(true);
  });

  it('a replay whose status arrives before the old fleet is cleared starts a fresh, editable placement', () => {
    applyServerState(state({ gameStatus: 'ENDED', shipsIndexes: fleet }), 'gameStatus');
    const draftBefore = gameStore.draft;
    // This player's own replay (the opponent's is held back, see match-store.test.ts).
    gameStore.replayAsked = true;
    // The replay acknowledgement: PLACE_SHIPS while the previous round's fleet is still known.
    applyServerState(state({ gameStatus: 'PLACE_SHIPS', shipsIndexes: fleet }), 'gameStatus');
    expect(gameStore.fleetSubmitted).toBe(false);
    expect(gameStore.draft).not.toBe(draftBefore);
    applyServerState(state({ gameStatus: 'PLACE_SHIPS', shipsIndexes: null }), 'shipsIndexes');
    expect(gameStore.fleetSubmitted).toBe(false);
  });

  it('rejoining during placement after validating shows the fleet as submitted', () => {
    applyServerState(state({ gameStatus: 'PLACE_SHIPS' }), 'gameStatus');
    applyServerState(state({ gameStatus: 'PLACE_SHIPS', shipsIndexes: fleet }), 'shipsIndexes');
    expect(gameStore.fleetSubmitted).toBe(true);
  });

  it('a broadside/2 state frame (the whole view) says whether the fleet is in, and sets the clock', () => {
    applyServerState(state({ gameStatus: 'PLACE_SHIPS', shipsIndexes: fleet }), 'state');
    expect(gameStore.fleetSubmitted).toBe(true);
    // The round after a replay: status and cleared fleet arrive together in one frame.
    applyServerState(state({ gameStatus: 'ENDED', shipsIndexes: fleet }), 'state');
    gameStore.replayAsked = true;
    applyServerState(state({ gameStatus: 'PLACE_SHIPS', shipsIndexes: null }), 'state');
    expect(gameStore.fleetSubmitted).toBe(false);
    const serverNow = Date.now() + 60_000;
    applyServerState(state({ gameStatus: 'PLACE_SHIPS', match: { ...initialMatch(), serverNow } }), 'state');
    expect(gameStore.clockOffsetMs).toBeGreaterThan(59_000);
  });
});
