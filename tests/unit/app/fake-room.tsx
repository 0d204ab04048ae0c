import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { resetGameStore } from '../../../src/app/stores/game';
import type { Member } from '../../../src/protocol/types';

/** What a test controls of the fake room session: the join's answer and any action it watches. */
export interface FakeSession {
  joinReply: unknown;
  [action: string]: unknown;
}

/**
 * A stand-in for src/app/session/game-session: the pages talk to it exactly as to the real one
 * (the app's RoomSessions still decides when a session opens, is shared and closes). Each session
 * action calls the test's action of the old name, given the session; actions not given are mocks
 * that do nothing.
 */
export function fakeGameSessionModule(session: FakeSession) {
  const action = (name: string) =>
    (session[name] as ((s: unknown) => Promise<unknown>) | undefined) ?? vi.fn(async () => undefined);
  return {
    openGameSession: (slug: string, user: { id: string }, options: { onClosed?: () => void } = {}) => {
      resetGameStore(user.id, slug);
      const fake = {
        slug,
        userId: user.id,
        joined: Promise.resolve(session.joinReply),
        start: () => action('startGame')(fake),
        place: () => action('placeShips')(fake),
        shoot: () => false,
        replay: () => action('replay')(fake),
        resign: () => action('resign')(fake),
        leave: async () => {
          const done = await action('leaveRoom')(fake);
          if (done) fake.close();
          return done;
        },
        close: () => options.onClosed?.(),
      };
      return fake;
    },
  };
}

/** The stage shows the placement panel in its free slot; this stand-in does the same without Pixi. */
export const lazyStageStandIn = {
  LazyStage: ({ panel }: { panel?: ReactNode }) => <div data-testid="stage">{panel}</div>,
};

const member = (name: string, socketId: string): Member => ({
  userId: `id-${name}`,
  username: name,
  socketId,
  hasToPlay: false,
  connected: true,
  awayUntil: null,
});
export const alice = member('alice', 's1');
export const bob = member('bob', 's2');

/** Store changes reach React after valtio's batched notification. */
export async function update(change: () => void): Promise<void> {
  await act(async () => {
    change();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
