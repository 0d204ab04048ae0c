import { beforeEach, describe, expect, it } from 'vitest';
import { randomFleet, createRng } from '../../../src/game';
import { type ClientGameState, initialGameState } from '../../../src/protocol/game-client';
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
});
