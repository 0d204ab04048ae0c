import type { FastifyReply } from 'fastify';
import { BAN_FOREVER, type BannedDetails } from '../../src/protocol';
import { httpError } from '../http/errors';
import type { ActiveBan } from './moderation';

/** The sentence of a refused login (the web client tells it in the player's language from `until` and `why`). */
export function bannedMessage(ban: ActiveBan): string {
  const until =
    ban.until >= BAN_FOREVER ? '' : ` until ${new Date(ban.until).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `This account is banned${until}: ${ban.reason}`;
}

/** 403 with the ban's end and reason beside the message (docs/protocol.md, "Moderation"). */
export function bannedReply(reply: FastifyReply, ban: ActiveBan): FastifyReply {
  const details: BannedDetails = { reason: 'BANNED', until: ban.until, why: ban.reason };
  return reply.code(403).send({ ...httpError(403, bannedMessage(ban)), ...details });
}
