import { expect } from '@playwright/test';
import { coordOf, createRng, randomFleet } from '../../../src/game';
import { GameClient, isErrorAck } from '../../../src/protocol';
import type { TestPlayer } from '../../support/players';

export interface Room {
  readonly slug: string;
  readonly clients: readonly [GameClient, GameClient];
  /** The member whose turn it is shoots the next cell of its own reading-order sweep. */
  fire(): Promise<boolean>;
}

/** A room in PLAY between two players driven by real sockets from the test, for pages that watch or replay it. */
export async function roomInPlay(baseURL: string, a: TestPlayer, b: TestPlayer): Promise<Room> {
  const { slug } = await a.api.createRoom({ userId: a.id, username: a.username, socketId: null });
  const connect = async (p: TestPlayer) => {
    const client = new GameClient({ url: baseURL, token: p.token, slug, socket: { transports: ['websocket'] } });
    await client.connect();
    await client.joinRoom(slug);
    return client;
  };
  const ca = await connect(a);
  const cb = await connect(b);
  await ca.startGame(slug);
  await expect.poll(() => cb.state.gameStatus).toBe('PLACE_SHIPS');
  await ca.placeShips(randomFleet(createRng(11)));
  await cb.placeShips(randomFleet(createRng(12)));
  await expect.poll(() => ca.state.members.some((m) => m.hasToPlay)).toBe(true);
  const aims = new Map<GameClient, number>();
  const fire = async (): Promise<boolean> => {
    const shooterId = ca.state.members.find((m) => m.hasToPlay)?.userId;
    const client = shooterId === a.id ? ca : cb;
    const other = client === ca ? cb : ca;
    const aim = aims.get(client) ?? 0;
    aims.set(client, aim + 1);
    const reply = await client.shoot(coordOf(aim));
    if (isErrorAck(reply)) throw new Error(`shot refused: ${reply.error}`);
    await expect
      .poll(
        () =>
          other.state.gameStatus === 'ENDED' || other.state.members.some((m) => m.userId !== shooterId && m.hasToPlay),
      )
      .toBe(true);
    return other.state.gameStatus === 'ENDED';
  };
  return { slug, clients: [ca, cb], fire };
}
