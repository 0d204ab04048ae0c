import fp from 'fastify-plugin';
import type { ServerContext } from '../context';
import { announceOpenGames, serveLobby, userRoom } from './namespace';
import { OPEN_GAMES } from './open-games';
import { MemoryOpenGamesBoard, RedisOpenGamesBoard } from './open-games-board';
import { QuickMatch } from './quick-match';
import { RoomListing } from './room-listing';

/**
 * The lobby (docs/protocol.md, "/lobby"): the open games pushed live to every Home page and the
 * quick-match queue. With several nodes the open games live in Redis; a node's entries leave them
 * NODE_TTL_MS after its death, like its rooms.
 */
export const lobbyPlugin = fp<ServerContext>(
  async (_app, { config, redis, registry, lobby, matchQueue, dispatcher, store, app, onStop, telemetry }) => {
    const log = app.log;
    const onLobbyError = (error: unknown): void => log.error({ err: error }, 'lobby storage failed');
    let openGamesChanged = (): void => undefined;
    const openGames = new RoomListing(
      registry,
      redis ? new RedisOpenGamesBoard(redis, config.nodeTtlMs) : new MemoryOpenGamesBoard(),
      OPEN_GAMES,
      () => openGamesChanged(),
      onLobbyError,
      Math.max(50, Math.floor(config.nodeTtlMs / 3)),
    );
    onStop(() => openGames.close());
    openGamesChanged = announceOpenGames(lobby, openGames, { shared: redis !== null, log });
    const quickMatch = new QuickMatch({
      queue: matchQueue,
      registry,
      dispatch: dispatcher.dispatch,
      offerComputerAfterMs: config.quickMatchOfferSeconds * 1000,
      log,
      notify: (userId, found) => lobby.to(userRoom(userId)).emit('matchFound', found),
      // Asked of every node (fetchSockets goes through the adapter with Redis).
      stillSearching: async (userId) =>
        (await store.users.findUserById(userId)) !== null &&
        (await lobby.in(userRoom(userId)).fetchSockets()).some((socket) => socket.data.searching),
      resumed: (userId, searching) => lobby.to(userRoom(userId)).emit('searching', searching),
      seated: (waitedMs) => telemetry.queueWaitSeconds.observe(waitedMs / 1000),
    });
    serveLobby(lobby, { openGames, quickMatch, log });
  },
  { name: 'lobby' },
);
