/** The dialect our clients ask for in the handshake query `protocol` (docs/protocol.md). */
export const BROADSIDE_PROTOCOL = 'broadside/2';

/**
 * What a server speaks, as a client finds out when it joins: `broadside/2` (ours, asked for),
 * `legacy` (a server of ours from before the dialects: bare status acks, ship keys "0".."4"), or
 * `spec` (the original server, or ours to a client that does not ask: docs/protocol.md).
 */
export type Dialect = 'broadside/2' | 'legacy' | 'spec';

/** The dialect a join's acknowledgement tells: ours names it, a bare status is ours from before. */
export function dialectOf(raw: unknown): Dialect {
  if (typeof raw === 'string') return 'legacy';
  const protocol = typeof raw === 'object' && raw !== null ? (raw as { protocol?: unknown }).protocol : undefined;
  return protocol === BROADSIDE_PROTOCOL ? 'broadside/2' : 'spec';
}
