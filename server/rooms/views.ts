import { boardOf, type GameState, lastMove, lastShot, opponentBoard, type Shot } from '../../src/game';
import type {
  Match,
  Member,
  PlayerStateView,
  SpectatorFrame,
  UserRef,
  WirePlayerStateView,
  WireStateFrame,
} from '../../src/protocol';
import { botLevelOf } from '../../src/bots/levels';
import { BoardViews, sharedFleet } from './board-views';
import { EncodedJson, FrameJson } from './frame-json';
import type { LocalFrame, Room } from './room';

/** The last move's shots in order, in salvo rooms only (one-shot rooms say it all with the last shot). */
function salvoMove(state: GameState): { lastMove?: Shot[] } {
  return state.rules.shots === 'salvo' ? { lastMove: lastMove(state) } : {};
}

export function memberList(room: Room): Member[] {
  return room.state.players.map((userId) => {
    const member = room.members.get(userId);
    return {
      userId,
      username: member?.username ?? '',
      socketId: member?.socketId ?? null,
      hasToPlay: room.state.turn === userId,
      connected: (member?.socketId ?? null) !== null,
      awayUntil: member?.awayUntil ?? null,
      bot: botLevelOf(userId),
      // Only on a bot account's line: a person's stays what the SPEC dialect has always sent.
      ...(member?.title ? { title: member.title } : {}),
    };
  });
}

function userRef(room: Room, id: string | null): UserRef | null {
  return id === null ? null : { userId: id, username: room.members.get(id)?.username ?? '' };
}

/** The member who replayed into this round, until its play starts. */
function rematchBy(room: Room): UserRef | null {
  return room.state.status === 'PLACE_SHIPS' && room.round > 1 ? userRef(room, room.startedBy) : null;
}

/** The match around the game, the same for both members. */
export function matchOf(room: Room): Match {
  return {
    rules: room.state.rules,
    turnSeconds: room.turnSeconds,
    turnDeadline: room.turnDeadline,
    missedTurns: { ...room.state.missedTurns },
    endReason: room.state.endReason,
    rematchBy: rematchBy(room),
    spectators: room.spectators,
    serverNow: Date.now(),
  };
}

/**
 * The views of one change of a room, made once and shared by every frame of that change
 * (server/socket/publish.ts): the members list, the match (the same for both members), the winner,
 * and each board's grids, rows and sunk ships (board-views.ts, for this change only: kept longer,
 * they would sit in the live heap of every room between its moves). Each part is made on first
 * use only.
 */
export class ChangeViews {
  private membersList: Member[] | null = null;
  private matchView: Match | null = null;
  private winnerRef: UserRef | null | undefined;
  private move: { lastMove?: Shot[] } | null = null;
  private json: FrameJson | null = null;
  /** The boards' grids, rows and sunk ships for this change (board-views.ts). */
  readonly boards = new BoardViews();

  constructor(readonly room: Room) {}

  /** The room's members, made once for the change (a SPEC member's list is cut from it). */
  readonly members = (): Member[] => {
    this.membersList ??= memberList(this.room);
    return this.membersList;
  };

  match(): Match {
    this.matchView ??= matchOf(this.room);
    return this.matchView;
  }

  /** `lastMove` in a salvo room (nothing in a one-shot room), the same for every frame. */
  salvoMove(): { lastMove?: Shot[] } {
    this.move ??= salvoMove(this.room.state);
    return this.move;
  }

  winner(): UserRef | null {
    if (this.winnerRef === undefined) this.winnerRef = userRef(this.room, this.room.state.winner);
    return this.winnerRef;
  }

  /**
   * The whole view of one member as a broadside/2 `state` frame carries it (src/protocol/state-frame.ts),
   * its grids as rows: src/game's player view (never an unsunk opponent ship before ENDED) with the
   * room's members and match, field for field in the order the frame has always had.
   */
  wireView(userId: string): WirePlayerStateView {
    const { state } = this.room;
    return this.viewWith(userId, this.boards.ownRows(state, userId), this.boards.knownRows(state, userId));
  }

  /** The wire view with the grids given, in the frame's key order. */
  private viewWith<G>(userId: string, own: G, known: G) {
    const { state } = this.room;
    return {
      status: state.status,
      members: this.members(),
      shipsIndexes: sharedFleet(state.fleets[userId]),
      playerBoats: own,
      opponentBoats: known,
      opponentShipsIndexes: this.boards.knownShips(state, userId),
      battlePlace: lastShot(state),
      ...this.salvoMove(),
      winner: this.winner(),
      match: this.match(),
    };
  }

  /** The same view with its grids as grids (what a client reads the frame back into). */
  view(userId: string): PlayerStateView {
    const { state } = this.room;
    return {
      ...this.wireView(userId),
      playerBoats: this.boards.ownGrid(state, userId),
      opponentBoats: this.boards.knownGrid(state, userId),
    };
  }

  /** One member's `state` frame as it travels. */
  frame(userId: string): WireStateFrame {
    return { seq: this.room.seq, view: this.wireView(userId) };
  }

  /**
   * The same frame as JSON, for a socket of this node (json-parser.ts writes it as it is): the
   * parts every frame of the change shares are written once (frame-json.ts), not once a member,
   * and a fleet's once for the round.
   */
  encodedFrame(userId: string): EncodedJson {
    this.json ??= new FrameJson();
    // Each grid's rows as JSON, kept while its board is unchanged: a shot changes one board, and
    // the other's rows are neither made nor written again (board-texts.ts).
    const { state, boardTexts } = this.room;
    const ownBoard = boardOf(state, userId);
    const knownBoard = opponentBoard(state, userId);
    const own = ownBoard
      ? boardTexts.json(ownBoard, 'ownRows', () => this.boards.ownRows(state, userId))
      : this.boards.ownRows(state, userId);
    const known = knownBoard
      ? boardTexts.json(knownBoard, 'publicRows', () => this.boards.knownRows(state, userId))
      : this.boards.knownRows(state, userId);
    const view = this.viewWith<unknown>(userId, own, known);
    const out = this.json.pieces(view, ['{"seq":', String(this.room.seq), ',"view":']);
    out.push('}');
    return new EncodedJson(out.join(''));
  }

  /** The same frame handed to an in-process seat: the view as a client reads it, the wire form on demand. */
  localFrame(userId: string): LocalFrame {
    return { seq: this.room.seq, view: this.view(userId), wire: () => this.frame(userId) };
  }
}

/**
 * The frame every spectator of the room receives, cut from the boards as anyone may see them
 * (never an unsunk ship before ENDED). The audience count is added when it is sent.
 */
export function spectatorFrame(room: Room, boards: BoardViews = new BoardViews()): Omit<SpectatorFrame, 'spectators'> {
  const { state } = room;
  const players = state.players.map((userId) => {
    const member = room.members.get(userId);
    // The shots this player fired are the shots its opponent's board took.
    const target = opponentBoard(state, userId);
    return {
      userId,
      username: member?.username ?? '',
      connected: (member?.socketId ?? null) !== null,
      board: boards.publicGrid(state, userId),
      ships: boards.ships(state, userId),
      shots: target?.shots ?? 0,
      hits: target?.hits ?? 0,
    };
  });
  return {
    slug: room.slug,
    status: state.status,
    players,
    turn: state.turn,
    lastShot: lastShot(state),
    ...salvoMove(state),
    winner: userRef(room, state.winner),
    endReason: state.endReason,
    rules: state.rules,
    ...(state.status === 'ENDED' && room.gameId !== null ? { gameId: room.gameId } : {}),
  };
}
