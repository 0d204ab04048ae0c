import { describe, expect, it } from 'vitest';
import { stageViewOf } from '../../../src/app/components/game/stage-view';
import { initialGameStore } from '../../../src/app/stores/game';

const member = (userId: string, hasToPlay: boolean) => ({
  userId,
  username: userId,
  socketId: null,
  hasToPlay,
  connected: true,
  awayUntil: null,
});

describe('what the app hands the game stage', () => {
  it('lets the draft be arranged only in placement before the fleet is sent', () => {
    const store = { ...initialGameStore(), userId: 'me', gameStatus: 'PLACE_SHIPS' as const };
    expect(stageViewOf(store)).toMatchObject({ editable: true, myTurn: false, draft: store.draft });
    expect(stageViewOf({ ...store, fleetSubmitted: true }).editable).toBe(false);
  });

  it("says it is this player's turn from the members, in play only", () => {
    const store = {
      ...initialGameStore(),
      userId: 'me',
      gameStatus: 'PLAY' as const,
      members: [member('me', true), member('foe', false)],
    };
    expect(stageViewOf(store)).toMatchObject({ editable: false, myTurn: true, gameStatus: 'PLAY', userId: 'me' });
    expect(stageViewOf({ ...store, members: [member('me', false), member('foe', true)] }).myTurn).toBe(false);
    expect(stageViewOf({ ...store, gameStatus: 'ENDED' }).myTurn).toBe(false);
  });
});
