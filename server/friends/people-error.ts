import type { ErrorCode, LimitDetails } from '../../src/protocol';

/** What a refusal carries besides its sentence: a limit reached, or until when a mute lasts. */
export interface PeopleErrorDetails {
  readonly limit?: LimitDetails;
  readonly until?: number;
}

/**
 * A refusal of friends, challenges or messages: the HTTP status and sentence a route answers, the
 * code a /lobby acknowledgement carries. Thrown by the services, answered by the routes and handlers.
 */
export class PeopleError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: PeopleErrorDetails = {},
  ) {
    super(message);
    this.name = 'PeopleError';
  }
}

export const noSuchPlayer = (): PeopleError => new PeopleError(404, 'NO_SUCH_PLAYER', 'No such player');
export const blocked = (what: string): PeopleError => new PeopleError(403, 'BLOCKED', `You cannot ${what} this player`);
