/**
 * A tiny hook for closing the room socket from pages that must not pull socket.io into the first
 * load (logout): the session module registers its closer here when it opens a socket.
 */
let closer: (() => void) | null = null;

export function registerSessionCloser(close: (() => void) | null): void {
  closer = close;
}

export function closeActiveSession(): void {
  closer?.();
}
