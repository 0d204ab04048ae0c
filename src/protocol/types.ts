import type { LimitDetails } from './limits';
import type { z } from 'zod';
import type {
  BattlePlaceSchema,
  BotLevelSchema,
  CreateRoomBodySchema,
  ErrorAckSchema,
  GameInProgressSchema,
  GamesInProgressResponseSchema,
  LoginBodySchema,
  MatchSchema,
  MemberSchema,
  ProfileSchema,
  ServerEventSchemas,
  SignUpBodySchema,
  TitleSchema,
  TokenPayloadSchema,
  UserRefSchema,
  WinnerSchema,
} from './schemas';
import type { Coord, GameStatus, Grid, PartialShipMap, ShipMap, ShotResult } from '../game';
import type { ChatHistory, ChatLine, ChatPayload, SpecChatPayload } from './chat';
import type { ErrorCode } from './errors';
import type { SpectatorFrame } from './spectators';
import type { WireStateFrame } from './state-frame';
import type { Restarting, RoomClosed } from './operations';

export type SignUpBody = z.infer<typeof SignUpBodySchema>;
export type LoginBody = z.infer<typeof LoginBodySchema>;
/** What a client sends: its rules may leave keys out (the defaults fill them). */
export type CreateRoomBody = z.input<typeof CreateRoomBodySchema>;
export type Profile = z.infer<typeof ProfileSchema>;
export type TokenPayload = z.infer<typeof TokenPayloadSchema>;
export type Member = z.infer<typeof MemberSchema>;
export type BattlePlace = z.infer<typeof BattlePlaceSchema>;
export type Winner = z.infer<typeof WinnerSchema>;
export type UserRef = z.infer<typeof UserRefSchema>;
export type Match = z.infer<typeof MatchSchema>;
export type GameInProgress = z.infer<typeof GameInProgressSchema>;
export type GamesInProgressResponse = z.infer<typeof GamesInProgressResponseSchema>;
export type ErrorAck = z.infer<typeof ErrorAckSchema>;
export type BotLevel = z.infer<typeof BotLevelSchema>;
export type Title = z.infer<typeof TitleSchema>;

/** An acknowledgement: the value, or an error code as a value. */
export type Ack<T> = T | ErrorAck;

export function isErrorAck(value: unknown): value is ErrorAck {
  return typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'string';
}

export function errorAck(error: ErrorCode, message?: string): ErrorAck {
  return message === undefined ? { error } : { error, message };
}

/** The acknowledgement of an action refused for a per-account limit (docs/protocol.md, "Limits"). */
export function limitAck(details: LimitDetails, message: string): ErrorAck {
  return { error: 'LIMIT_REACHED', message, ...details };
}

/** Server → client events: name → payload type (ServerEventSchemas validates the same shapes). */
export interface ServerEventPayloads {
  gameStatus: GameStatus;
  members: Member[];
  shipsIndexes: ShipMap | null;
  playerBoats: Grid;
  opponentBoats: Grid;
  opponentShipsIndexes: PartialShipMap;
  battlePlace: BattlePlace | null;
  winner: Winner | null;
  match: Match;
}
export type ServerEventName = keyof ServerEventPayloads & keyof typeof ServerEventSchemas;
export const SERVER_EVENTS: readonly ServerEventName[] = [
  'gameStatus',
  'members',
  'shipsIndexes',
  'playerBoats',
  'opponentBoats',
  'opponentShipsIndexes',
  'battlePlace',
  'winner',
  'match',
];

/** Events sent to spectators only (issue 14): never part of a member's fanout. */
export interface SpectatorEventPayloads {
  /** The whole spectator frame, after every change of the game. */
  spectate: SpectatorFrame;
  /** How many watch, whenever a spectator arrives or leaves. */
  spectators: number;
}

export type ServerToClientEvents = { [K in ServerEventName]: (payload: ServerEventPayloads[K]) => void } & {
  [K in keyof SpectatorEventPayloads]: (payload: SpectatorEventPayloads[K]) => void;
} & {
  /** broadside/2 only: the member's whole view, once per change of the room (src/protocol/state-frame.ts). */
  state: (frame: WireStateFrame) => void;
  /**
   * A chat line (docs/protocol.md, "Chat"): broadside/2 sends the line; the SPEC dialect, as the
   * original server, the sender's payload and `{userId, username}`.
   */
  chat: (line: ChatLine | unknown, sender?: UserRef) => void;
  /** broadside/2 only: the room's latest lines this socket may read, after a join or a watch. */
  chatHistory: (history: ChatHistory) => void;
  /** broadside/2 only: the node restarts and closes this socket now; connect again (src/protocol/operations.ts). */
  restarting: (payload: Restarting) => void;
  /** broadside/2 only: an operator closed the room, and why (src/protocol/operations.ts). */
  roomClosed: (payload: RoomClosed) => void;
};

/** Client → server events; the last argument is always the acknowledgement callback. */
export interface ClientToServerEvents {
  joinRoom: (slug: string, ack: (reply: Ack<GameStatus>) => void) => void;
  startGame: (slug: string, ack: (reply: Ack<null>) => void) => void;
  placeShips: (fleet: ShipMap, ack: (reply: Ack<null>) => void) => void;
  /** One cell answered with its result, or a salvo (broadside/2) answered with the results in the same order. */
  shoot: (target: Coord | Coord[], ack: (reply: Ack<ShotResult | ShotResult[]>) => void) => void;
  replay: (slug: string, ack: (reply: Ack<GameStatus>) => void) => void;
  resign: (slug: string, ack: (reply: Ack<null>) => void) => void;
  leaveRoom: (slug: string, ack: (reply: Ack<null>) => void) => void;
  /** Watch a room as a spectator (issue 14): answers the current frame; never makes a member. */
  watchRoom: (slug: string, ack: (reply: Ack<SpectatorFrame>) => void) => void;
  unwatchRoom: (slug: string, ack: (reply: Ack<null>) => void) => void;
  /**
   * A chat line (docs/protocol.md, "Chat"): broadside/2 sends `{text}` or `{quick}` and is answered
   * the line; the SPEC dialect a string, `{message}` or `{text, timeSent}`, answered `{message}`.
   */
  chat: (payload: ChatPayload | SpecChatPayload, ack: (reply: Ack<ChatLine> | { message: string }) => void) => void;
}
export type ClientEventName = keyof ClientToServerEvents;

export const SOCKET_NAMESPACE = '/room';
