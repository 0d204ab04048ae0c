/** The user id in a JWT's payload, read without checking it (the server does). */
export function tokenUserId(token: string): string | null {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    const id = typeof claims === 'object' && claims !== null ? (claims as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
