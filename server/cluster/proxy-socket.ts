import { EventEmitter } from 'node:events';
import type { Identity } from '../auth';
import type { RoomNamespace, RoomSocket, SocketData } from '../socket/types';

/**
 * The owner's stand-in for a socket held by another node. The /room handlers are registered on it
 * exactly as on a local socket, so a forwarded event runs the very same code; whatever the handlers
 * send back reaches the real socket through the Socket.IO adapter (`nsp.to(id)` works across nodes).
 */
export class ProxySocket extends EventEmitter {
  readonly data: SocketData;
  readonly handshake: { readonly query: Record<string, string> };
  readonly connected = true;

  constructor(
    readonly id: string,
    user: Identity,
    /** The node holding the real socket. */
    readonly edge: string,
    slug: string,
    private readonly nsp: RoomNamespace,
    /** The real socket's dialect (docs/protocol.md), so the owner answers it in its own wire. */
    dialect: SocketData['dialect'] = 'spec',
  ) {
    super();
    this.data = { user, slug: null, watching: null, dialect };
    this.handshake = { query: { slug } };
  }

  /** Runs the handlers of `event` as if the real socket had sent it; resolves with their acknowledgement. */
  dispatch(event: string, args: readonly unknown[], timeoutMs: number): Promise<unknown> {
    if (this.listenerCount(event) === 0) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ error: 'TIMEOUT' }), timeoutMs);
      const ack = (reply: unknown): void => {
        clearTimeout(timer);
        resolve(reply);
      };
      super.emit(event, ...args, ack);
    });
  }

  /** What the handlers may call on a socket, carried to the real one through the adapter. */
  override emit(event: string, ...args: unknown[]): boolean {
    const target = this.nsp.to(this.id) as unknown as { emit(e: string, ...a: unknown[]): boolean };
    return target.emit(event, ...args);
  }

  join(room: string): void {
    this.nsp.in(this.id).socketsJoin(room);
  }

  leave(room: string): void {
    this.nsp.in(this.id).socketsLeave(room);
  }

  disconnect(): this {
    this.nsp.in(this.id).disconnectSockets(true);
    return this;
  }

  /** Fires the handlers' 'disconnect' (the real socket went away). */
  gone(): void {
    super.emit('disconnect', 'transport close');
  }

  asSocket(): RoomSocket {
    return this as unknown as RoomSocket;
  }
}
