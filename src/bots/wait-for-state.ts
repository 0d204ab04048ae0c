import type { ClientGameState, GameClient } from '../protocol';

/** A game could not be played to the end; `code` is the ack's error code or TIMEOUT. */
export class BotError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BotError';
  }
}

/** Resolves with the first state (the current one included) that satisfies `ready`. */
export function waitForState(
  client: GameClient,
  ready: (state: ClientGameState) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<ClientGameState> {
  if (ready(client.state)) return Promise.resolve(client.state);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new BotError('TIMEOUT', `timed out after ${timeoutMs} ms waiting for ${what}`));
    }, timeoutMs);
    // A wait alone must not keep a Node process alive: once its sockets are closed, a CLI exits.
    if (typeof timer === 'object' && 'unref' in timer) timer.unref();
    const unsubscribe = client.subscribe((state) => {
      if (!ready(state)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(state);
    });
  });
}
