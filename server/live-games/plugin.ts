import fp from 'fastify-plugin';
import { LIVE_GAMES_PATH, type LiveGame } from '../../src/protocol';
import type { ServerContext } from '../context';
import { MemoryListingBoard, RedisListingBoard } from '../lobby/listing-board';
import { RoomListing } from '../lobby/room-listing';
import { LIVE_GAMES, LIVE_GAMES_SHOWN } from './live-games';

/**
 * The games being played now (docs/protocol.md, "Live games"), for the Watch page: kept from the
 * rooms' changes like the open games, in Redis with several nodes (a dead node's games leave the
 * list NODE_TTL_MS after it). Anyone may read it, visitors too: it says only who plays whom.
 */
export const liveGamesPlugin = fp<ServerContext>(
  async (app, { config, redis, registry, onStop }) => {
    const live = new RoomListing<LiveGame>(
      registry,
      redis
        ? new RedisListingBoard(redis, 'broadside:live-games', config.nodeTtlMs, LIVE_GAMES_SHOWN)
        : new MemoryListingBoard(LIVE_GAMES_SHOWN),
      LIVE_GAMES,
      () => undefined,
      (error) => app.log.error({ err: error }, 'live games storage failed'),
      Math.max(50, Math.floor(config.nodeTtlMs / 3)),
    );
    onStop(() => live.close());
    app.get(LIVE_GAMES_PATH, async () => ({ games: await live.list() }));
  },
  { name: 'live-games' },
);
