import { z } from 'zod';
import { callWithAck } from './ack-call';
import {
  type Challenge,
  ChallengeAcceptedSchema,
  type ChallengePayload,
  ChallengeSchema,
  type DeclineReason,
} from './challenges';
import type { LobbyClient } from './lobby-client';
import { type PeopleEventName, type PeopleEventPayload, PeopleServerEventSchemas } from './people-events';
import type { Ack } from './types';

/**
 * What /lobby carries for people (docs/protocol.md, "/lobby for people"), on a LobbyClient's
 * socket: friends' presence, requests, challenges and messages as they are pushed (each payload
 * checked against its schema; one that does not match is ignored), and the challenge calls. Runs in
 * the browser and in Node (the CLI's bots accept challenges with it).
 */
export class PeopleClient {
  private readonly ackTimeoutMs: number;

  constructor(
    readonly lobby: LobbyClient,
    options: { readonly ackTimeoutMs?: number } = {},
  ) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  }

  /** Calls `listener` with each valid `event`; returns the unsubscribe function. */
  on<E extends PeopleEventName>(event: E, listener: (payload: PeopleEventPayload<E>) => void): () => void {
    const schema: z.ZodType = PeopleServerEventSchemas[event];
    const handler = (payload: unknown): void => {
      const parsed = schema.safeParse(payload);
      if (parsed.success) listener(parsed.data as PeopleEventPayload<E>);
    };
    const socket = this.lobby.socket as unknown as {
      on(event: string, handler: (payload: unknown) => void): unknown;
      off(event: string, handler: (payload: unknown) => void): unknown;
    };
    socket.on(event, handler);
    return () => void socket.off(event, handler);
  }

  private call<T>(event: string, payload: unknown, schema: z.ZodType<T>): Promise<Ack<T>> {
    return callWithAck(
      this.lobby.socket as unknown as Parameters<typeof callWithAck>[0],
      event,
      payload,
      schema,
      this.ackTimeoutMs,
    );
  }

  /** Challenges a player (by id or username) under rules (classic) and a clock (none). */
  challenge(payload: ChallengePayload): Promise<Ack<Challenge>> {
    return this.call('challenge', payload, ChallengeSchema);
  }

  /** Accepts a challenge: both players are seated in a new room, whose name this answers. */
  acceptChallenge(id: string): Promise<Ack<{ slug: string }>> {
    return this.call('acceptChallenge', { id }, ChallengeAcceptedSchema);
  }

  declineChallenge(id: string, reason?: DeclineReason): Promise<Ack<null>> {
    return this.call('declineChallenge', reason === undefined ? { id } : { id, reason }, z.null());
  }

  cancelChallenge(id: string): Promise<Ack<null>> {
    return this.call('cancelChallenge', { id }, z.null());
  }

  /** Tells the server this page is hidden (away) or shown again. */
  setAway(away: boolean): Promise<Ack<null>> {
    return this.call('away', { away }, z.null());
  }
}
