import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Ack, errorAck, limitAck } from '../../src/protocol';
import { limitMessage } from '../caps/messages';
import { httpError, messages, sendError } from '../http/errors';
import { limitReached } from '../http/limit-reply';
import type { Identify } from '../http/identify';
import type { Session } from '../sessions/sessions';
import { PeopleError } from './people-error';

/** Sends a refusal of friends, challenges or messages: 429 with the limit's details, or the status, sentence and code. */
export function sendPeopleError(reply: FastifyReply, error: PeopleError): FastifyReply {
  if (error.details.limit) return limitReached(reply, error.details.limit);
  const until = error.details.until === undefined ? {} : { until: error.details.until };
  return reply.code(error.status).send({ ...httpError(error.status, error.message), code: error.code, ...until });
}

/** A refusal as a /lobby acknowledgement. */
export function peopleErrorAck(error: PeopleError): Ack<never> {
  if (error.details.limit) return limitAck(error.details.limit, limitMessage(error.details.limit));
  const ack = errorAck(error.code, error.message);
  return error.details.until === undefined ? ack : ({ ...ack, until: error.details.until } as Ack<never>);
}

/**
 * One route of friends or messages: the caller (401 without a valid token), the body and the query
 * checked with their schemas (400 with one sentence per broken rule), then `run`; its result is
 * sent with `status`, a PeopleError as its refusal.
 */
export async function answer<B, Q>(
  identify: Identify,
  request: FastifyRequest,
  reply: FastifyReply,
  parts: { body?: z.ZodType<B>; query?: z.ZodType<Q>; status?: number },
  run: (me: Session, body: B, query: Q) => Promise<unknown>,
): Promise<FastifyReply> {
  const me = await identify(request, reply);
  if (!me) return reply;
  const body = parts.body ? parts.body.safeParse(request.body ?? {}) : null;
  if (body && !body.success) return sendError(reply, 400, messages(body.error));
  const query = parts.query ? parts.query.safeParse(request.query ?? {}) : null;
  if (query && !query.success) return sendError(reply, 400, messages(query.error));
  try {
    const result = await run(me, body?.data as B, query?.data as Q);
    return reply.code(parts.status ?? 200).send(result);
  } catch (error) {
    if (error instanceof PeopleError) return sendPeopleError(reply, error);
    throw error;
  }
}
