import WebSocket from 'ws';

/**
 * A lean socket.io client for bench:capacity: the socket.io v5 / engine.io v4 text protocol over
 * one WebSocket, parsing only what a player acts on (acknowledgements and `members`) and counting
 * the rest. socket.io-client would cost the generator about as much CPU per shot as the bare
 * server spends, and the generator must not be what limits the figures.
 */
export class WireSocket {
  private ws: WebSocket | null = null;
  private nextId = 0;
  private readonly acks = new Map<number, (reply: unknown) => void>();
  private readonly listeners = new Map<string, (payload: unknown) => void>();
  /** Frames and bytes received (engine.io messages carrying a socket.io packet for /room). */
  frames = 0;
  bytes = 0;

  /** Connects to `origin`'s /room namespace with `query` in the handshake (token, or userId for the bare server). */
  connect(origin: string, query: Record<string, string>): Promise<void> {
    const params = new URLSearchParams({ ...query, EIO: '4', transport: 'websocket' });
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/socket.io/?${params}`, { perMessageDeflate: false });
    this.ws = ws;
    return new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text === '2') {
          ws.send('3');
          return;
        }
        if (text.startsWith('0')) {
          ws.send('40/room,');
          return;
        }
        if (text.startsWith('40/room,')) {
          resolve();
          return;
        }
        if (text.startsWith('44/room,')) {
          reject(new Error(`refused: ${text.slice(8)}`));
          return;
        }
        this.frames++;
        this.bytes += data.length;
        if (text.startsWith('43/room,')) this.ack(text);
        else if (text.startsWith('42/room,')) this.event(text);
      });
    });
  }

  private ack(text: string): void {
    const open = text.indexOf('[', 8);
    const id = Number(text.slice(8, open));
    const reply = (JSON.parse(text.slice(open)) as unknown[])[0];
    const done = this.acks.get(id);
    this.acks.delete(id);
    done?.(reply);
  }

  private event(text: string): void {
    // 42/room,["name",payload]: read the name without parsing the payload.
    const end = text.indexOf('"', 10);
    const name = text.slice(10, end);
    const listener = this.listeners.get(name);
    if (listener) listener((JSON.parse(text.slice(8)) as unknown[])[1]);
  }

  on(event: string, listener: (payload: unknown) => void): void {
    this.listeners.set(event, listener);
  }

  /** Emits `event` and resolves with its acknowledgement. */
  call(event: string, payload: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.acks.set(id, resolve);
      this.ws?.send(`42/room,${id}${JSON.stringify([event, payload])}`);
    });
  }

  close(): void {
    this.ws?.close();
  }
}
