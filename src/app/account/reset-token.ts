/**
 * The token of a password-reset link (`/reset-password#token=…`, docs/protocol.md): it rides in the
 * fragment, which the browser never sends to a server. Null when the address has none.
 */
export function resetTokenOfHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}
