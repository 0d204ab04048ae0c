import { boardOf, opponentOf } from '../../src/game';
import type { Member, ServerEventName } from '../../src/protocol';
import { toWireOwnGrid, toWireShips } from '../../src/protocol/spec-dialect';
import type { BoardViews } from './board-views';
import { EncodedJson } from './frame-json';
import type { Room } from './room';
import type { ChangeViews } from './views';

/*
 * The events of the SPEC dialect (docs/protocol.md), as the original server sends them, cut from
 * the same src/game views as ours (their grids shared with every frame of the change, board-views.ts): ship keys "1".."5", own-grid ship cells holding their key,
 * `battlePlace` the player's shot grid, the opponent's board and fleet only at ENDED, `isHost`
 * in members and `hasToPlay` marking who has not placed yet during PLACE_SHIPS.
 */

/** The members as the SPEC dialect lists them (`members` of ours made once per change, passed in). */
export function specMembers(room: Room, members: readonly Member[]): Member[] {
  const { state } = room;
  const host = state.players[0];
  return members.map((m) => ({
    ...m,
    isHost: m.userId === host,
    hasToPlay:
      state.status === 'PLACE_SHIPS'
        ? state.fleets[m.userId] === undefined
        : state.status === 'PLAY'
          ? state.turn === m.userId
          : false,
  }));
}

/** The payload of `event` for `userId` in the SPEC dialect. */
export function specPayload(
  event: ServerEventName,
  room: Room,
  userId: string,
  views: { readonly members: () => Member[]; readonly boards: BoardViews },
): unknown {
  const { state } = room;
  const { members, boards } = views;
  switch (event) {
    case 'gameStatus':
      return state.status;
    case 'members':
      return specMembers(room, members());
    case 'shipsIndexes':
      return toWireShips(state.fleets[userId] ?? {});
    case 'playerBoats':
      return toWireOwnGrid(boards.ownGrid(state, userId), state.fleets[userId]);
    case 'battlePlace':
      return boards.knownGrid(state, userId);
    case 'opponentBoats': {
      // Only sent at ENDED (specEvents): the opponent's own board, ships and all, as the original.
      const opponent = opponentOf(state, userId);
      return opponent === undefined
        ? boards.knownGrid(state, userId)
        : toWireOwnGrid(boards.ownGrid(state, opponent), state.fleets[opponent]);
    }
    case 'opponentShipsIndexes': {
      const opponent = opponentOf(state, userId);
      return toWireShips((opponent === undefined ? undefined : state.fleets[opponent]) ?? {});
    }
    case 'winner': {
      const winner = state.winner;
      return winner === null ? null : { userId: winner, username: room.members.get(winner)?.username ?? '' };
    }
    case 'match':
      return null;
  }
}

/**
 * Which of our events a SPEC-dialect member gets, in the original's order: no `match`; the
 * opponent's board and fleet only at ENDED (a change of the opponent board shows in `battlePlace`);
 * no `shipsIndexes` while the member has not placed (the original client keeps its own layout
 * then); `members` last, after every grid of the change, as the original sends a shot.
 */
export function specEvents(room: Room, userId: string, events: readonly ServerEventName[]): ServerEventName[] {
  const { state } = room;
  const ended = state.status === 'ENDED';
  const out: ServerEventName[] = [];
  let members = false;
  let shotGrid = false;
  for (const event of events) {
    if (event === 'match') continue;
    if (event === 'members') {
      members = true;
      continue;
    }
    if (!ended && (event === 'opponentBoats' || event === 'opponentShipsIndexes')) {
      shotGrid = true;
      continue;
    }
    if (event === 'shipsIndexes' && state.status === 'PLACE_SHIPS' && state.fleets[userId] === undefined) continue;
    if (!out.includes(event)) out.push(event);
  }
  if (shotGrid && !out.includes('battlePlace')) out.push('battlePlace');
  if (members) out.push('members');
  return out;
}

/**
 * The SPEC-dialect payloads of one change for the sockets of this node, each written as JSON once
 * for every member that gets it (issue 37): the members list (the same for both members) once per
 * change, and a grid once for as long as its board stays unchanged (board-texts.ts): after a shot,
 * the `battlePlace` the player who was shot at gets again is the text written at the previous shot.
 * json-parser.ts puts an EncodedJson in the packet as it is; the text is JSON.stringify's of
 * specPayload's value, character for character (tests/unit/server/spec-change.test.ts).
 */
export class SpecChange {
  private membersJson: EncodedJson | null = null;

  constructor(
    private readonly room: Room,
    private readonly views: ChangeViews,
  ) {}

  /** The payload of `event` for `userId`, written for a socket of this node. */
  encoded(event: ServerEventName, userId: string): unknown {
    const { room, views } = this;
    const { state, boardTexts } = room;
    const make = () => specPayload(event, room, userId, views);
    switch (event) {
      case 'members':
        this.membersJson ??= new EncodedJson(JSON.stringify(make()));
        return this.membersJson;
      case 'battlePlace': {
        const opponent = opponentOf(state, userId);
        const board = opponent === undefined || !state.players.includes(userId) ? undefined : boardOf(state, opponent);
        return board ? boardTexts.json(board, 'public', make) : make();
      }
      case 'playerBoats': {
        const board = boardOf(state, userId);
        return board && board.fleet === state.fleets[userId] ? boardTexts.json(board, 'keyed', make) : make();
      }
      case 'opponentBoats': {
        const opponent = opponentOf(state, userId);
        const board = opponent === undefined ? undefined : boardOf(state, opponent);
        return board && board.fleet === state.fleets[opponent ?? ''] ? boardTexts.json(board, 'keyed', make) : make();
      }
      default:
        return make();
    }
  }
}
