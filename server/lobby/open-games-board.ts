import type { OpenGame } from '../../src/protocol';
import type { RedisClient } from '../redis';
import { type ListingBoard, MemoryListingBoard, RedisListingBoard } from './listing-board';
import { OPEN_GAMES_SHOWN } from './open-games';

/** Where every node's open games are listed: one node's memory, or Redis for several nodes. */
export type OpenGamesBoard = ListingBoard<OpenGame>;

export class MemoryOpenGamesBoard extends MemoryListingBoard<OpenGame> {
  constructor() {
    super(OPEN_GAMES_SHOWN);
  }
}

/** Open games in the Redis hash `broadside:open-games`; a dead node's leave `staleMs` after it. */
export class RedisOpenGamesBoard extends RedisListingBoard<OpenGame> {
  constructor(redis: RedisClient, staleMs: number) {
    super(redis, 'broadside:open-games', staleMs, OPEN_GAMES_SHOWN);
  }
}
