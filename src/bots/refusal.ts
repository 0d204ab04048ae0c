import type { ErrorAck } from '../protocol';

/**
 * A server's refusal as one line for a person: the code, then what it said, when to try again (a
 * rate limit) and until when the account is muted, where the answer tells.
 */
export function describeRefusal(reply: ErrorAck): string {
  const said = [
    reply.message,
    reply.retryAfter !== undefined ? `try again in ${reply.retryAfter} s` : undefined,
    reply.until !== undefined ? `muted until ${new Date(reply.until).toISOString()}` : undefined,
  ].filter((part) => part !== undefined);
  return said.length > 0 ? `${reply.error} (${said.join('; ')})` : reply.error;
}
