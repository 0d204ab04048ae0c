import type { ClientGameState } from './client-state';
import { ackFailure } from './ack-failure';
import { readDoneReply } from './spec-dialect';
import type { Ack } from './types';

/** The one untyped emit an action needs: its payload's shape depends on the dialect. */
export interface ActionSocket {
  readonly connected: boolean;
  timeout(ms: number): {
    emit(name: string, payload: unknown, ack: (error: Error | null, reply: unknown) => void): void;
  };
}

export interface SettleOptions {
  readonly socket: ActionSocket;
  readonly event: 'startGame' | 'placeShips';
  /** Its shape depends on the dialect (ship keys), so this one emit is untyped. */
  readonly payload: unknown;
  readonly ackTimeoutMs: number;
  /** Counts as accepted after this long without a refusal; null to wait for the ack or the events. */
  readonly quietMs: number | null;
  /** Subscribes to the client's state; returns the unsubscribe function. */
  readonly subscribe: (listener: (state: ClientGameState) => void) => () => void;
  /** Whether the events show the action took effect. */
  readonly progressed: (state: ClientGameState) => boolean;
}

/**
 * Sends an action whose success the original server never acknowledges (docs/protocol.md): it
 * settles on the ack (ours answers `{}` or an error), on `progressed` in the events, or, from a
 * server that does not speak broadside/2, on `quietMs` without a refusal. Never waits on a success ack there.
 */
export function settleAction(options: SettleOptions): Promise<Ack<null>> {
  const { socket, event, payload, ackTimeoutMs, quietMs, subscribe, progressed } = options;
  return new Promise<Ack<null>>((resolve) => {
    let done = false;
    let quiet: ReturnType<typeof setTimeout> | null = null;
    const finish = (reply: Ack<null>): void => {
      if (done) return;
      done = true;
      if (quiet !== null) clearTimeout(quiet);
      unsubscribe();
      resolve(reply);
    };
    const unsubscribe = subscribe((state) => {
      if (progressed(state)) finish(null);
    });
    if (quietMs !== null) {
      quiet = setTimeout(() => finish(null), quietMs);
      if (typeof quiet === 'object' && 'unref' in quiet) quiet.unref();
    }
    socket.timeout(ackTimeoutMs).emit(event, payload, (error, reply) => {
      if (error) finish(ackFailure(socket, error));
      else finish(readDoneReply(reply));
    });
  });
}
