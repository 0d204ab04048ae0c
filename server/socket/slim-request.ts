import type { IncomingMessage } from 'node:http';
import type { Server } from 'socket.io';

/** What socket.io reads of a connection's HTTP request when a namespace socket is made (its `handshake`). */
export interface SlimRequest {
  readonly headers: IncomingMessage['headers'];
  readonly url: string | undefined;
  readonly _query: Record<string, string> | undefined;
  readonly connection: { readonly encrypted: boolean };
}

type EngineRequest = IncomingMessage & { _query?: Record<string, string> };

/**
 * Every engine.io connection keeps the HTTP request that opened it for as long as it lives (several
 * KB per socket: the IncomingMessage, its parser state and stream buffers), and a live object costs
 * every garbage-collection cycle a visit (docs/scaling.md). socket.io only reads its headers, URL and
 * query, and those again each time the connection joins another namespace (/room, /lobby), so the
 * request is swapped for those few fields once the connection is accepted; socket.io's own advice,
 * dropping it outright, would leave a second namespace without the token in the query.
 */
export function slimHandshakeRequests(io: Server): void {
  io.engine.on('connection', (connection: { request: EngineRequest | SlimRequest }) => {
    const request = connection.request as EngineRequest;
    const slim: SlimRequest = {
      headers: request.headers,
      url: request.url,
      _query: request._query,
      connection: { encrypted: Boolean((request.socket as { encrypted?: boolean } | null)?.encrypted) },
    };
    connection.request = slim;
  });
}
