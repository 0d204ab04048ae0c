import { randomBytes } from 'node:crypto';

/** What a request id may look like when it comes from outside (nginx's $request_id is 32 hex digits). */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of an HTTP request, or of a socket's handshake request (docs/deploy.md, "Logs"): the
 * `X-Request-Id` that nginx (or another proxy) set, when it is a short plain token, else a new
 * random one. It is written in every log line of the request, sent back in the response's
 * `X-Request-Id`, and kept by a socket for the lines about what it does.
 */
export function requestIdFrom(header: unknown): string {
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === 'string' && SAFE_ID.test(value) ? value : randomBytes(8).toString('hex');
}
