import { act } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { gameStore, resetGameStore } from '../../../src/app/stores/game';
import type { Member } from '../../../src/protocol/types';

/** What a test controls of the fake room session: the join's answer and any action it watches. */
export interface FakeSession {
  joinReply: unknown;
  [action: string]: unknown;
}

/**
 * A stand-in for src/app/session/game-session: the pages talk to it exactly as to the real one.
 * Like the real one, acquiring the room it already holds (an effect run again) keeps the store;
 * only another room or user starts from a fresh one. Actions not given are mocks that do nothing.
 */
export function fakeGameSessionModule(session: FakeSession) {
  const action = (name: string) =>
    (session[name] as (() => Promise<unknown>) | undefined) ?? vi.fn(async () => undefined);
  return {
    acquireSession: (slug: string, user: { id: string }) => {
      if (gameStore.slug !== slug || gameStore.userId !== user.id) resetGameStore(user.id, slug);
      return { slug, userId: user.id, client: {}, joined: Promise.resolve(session.joinReply) };
    },
    releaseSession: () => undefined,
    closeSession: () => undefined,
    startGame: action('startGame'),
    placeShips: action('placeShips'),
    replay: action('replay'),
    resign: action('resign'),
    leaveRoom: action('leaveRoom'),
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
