import {
  FriendsApi,
  isNewRequest,
  type LobbyClient,
  PeopleClient,
  type PeopleEventName,
  type PeopleEventPayload,
  PeopleServerEventSchemas,
} from '../../src/protocol';
import { lobbyOf } from './lobby';
import type { TestPlayer } from './players';

/** Every people event a /lobby socket received, by name, in order. */
export type Seen = { [E in PeopleEventName]: PeopleEventPayload<E>[] };

/** A player's open page: its /lobby socket, the people calls on it, and what it was pushed. */
export interface PeoplePage {
  readonly lobby: LobbyClient;
  readonly people: PeopleClient;
  readonly seen: Seen;
  /** Resolves with the first `event` (already received or coming) that `matches`. */
  next<E extends PeopleEventName>(
    event: E,
    matches?: (payload: PeopleEventPayload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<PeopleEventPayload<E>>;
  close(): void;
}

/** Opens `player`'s page on `url` (a /lobby socket over WebSocket) and records every people event from the start. */
export async function pageOf(url: string, player: TestPlayer): Promise<PeoplePage> {
  const lobby = await lobbyOf(url, player, { connect: false });
  const people = new PeopleClient(lobby);
  const seen = Object.fromEntries(Object.keys(PeopleServerEventSchemas).map((name) => [name, []])) as unknown as Seen;
  for (const name of Object.keys(PeopleServerEventSchemas) as PeopleEventName[]) {
    people.on(name, (payload) => (seen[name] as unknown[]).push(payload));
  }
  await lobby.connect();
  return {
    lobby,
    people,
    seen,
    next: async (event, matches = () => true, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = seen[event].find((payload) => matches(payload));
        if (found !== undefined) return found;
        if (Date.now() > deadline) {
          throw new Error(`no ${event} event within ${timeoutMs} ms; got ${JSON.stringify(seen[event]).slice(0, 300)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => lobby.close(),
  };
}

export const friendsOf = (player: TestPlayer): FriendsApi => new FriendsApi(player.api);

/** Makes `a` and `b` friends through the API: a asks, b accepts. */
export async function befriend(a: TestPlayer, b: TestPlayer): Promise<void> {
  const asked = await friendsOf(a).add({ userId: b.id });
  if (!isNewRequest(asked)) return;
  await friendsOf(b).accept(asked.id);
}
