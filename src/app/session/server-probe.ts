import type { ProbeOutcome } from '../../protocol/capabilities';
import { applyProbe, serverUrl } from '../stores/server';

/** How long the capabilities probe waits for an answer before the server counts as unreachable. */
export const PROBE_TIMEOUT_MS = 8_000;

/**
 * Asks `server` what it offers (`GET /capabilities`, docs/protocol.md): its status and body, or
 * `unreachable` when nothing answered (down, wrong address, refused by CORS, timed out).
 */
export async function probeServer(server: string, fetchImpl: typeof fetch = globalThis.fetch): Promise<ProbeOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(`${server}/capabilities`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  } catch {
    return 'unreachable';
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {}
  return { status: response.status, body };
}

/** Probes the server in use once and records what it offers (stores/server.ts). */
export async function checkServer(server: string = serverUrl()): Promise<void> {
  applyProbe(server, await probeServer(server));
}
