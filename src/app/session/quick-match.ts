import type { Searching } from '../../protocol/lobby';
import { clockOffset } from './clock';

/**
 * "Find an opponent" (issue 12) as a pure state machine: what the Home page shows while the
 * player waits in the quick-match queue of the /lobby namespace, and when it offers the computer
 * instead. Times are the server's (`since` is when the player joined the queue); `offsetMs` reads
 * them against this browser's clock, which may be minutes off.
 */
export type QuickMatchState =
  | { readonly phase: 'idle' }
  /** findOpponent sent, its acknowledgement not back yet. */
  | { readonly phase: 'joining' }
  | {
      readonly phase: 'searching';
      /** Server epoch ms when the wait began. */
      readonly since: number;
      /** Server epoch ms from when the computer is offered. */
      readonly offerAt: number;
      /** How far the server's clock is ahead of this one. */
      readonly offsetMs: number;
    }
  /** cancelSearch sent: by the Cancel button, or to play the computer instead. */
  | { readonly phase: 'leaving'; readonly next: 'idle' | 'computer' }
  | { readonly phase: 'found'; readonly slug: string };

export type QuickMatchEvent =
  | { readonly type: 'find' }
  | { readonly type: 'searching'; readonly reply: Searching; readonly receivedAt: number }
  | { readonly type: 'failed' }
  | { readonly type: 'cancel' }
  | { readonly type: 'acceptComputer' }
  | { readonly type: 'left' }
  | { readonly type: 'matchFound'; readonly slug: string }
  | { readonly type: 'reset' };

export const IDLE: QuickMatchState = { phase: 'idle' };

/** True while the player is in the queue or on the way in or out of it. */
export function isSearching(state: QuickMatchState): boolean {
  return state.phase === 'joining' || state.phase === 'searching' || state.phase === 'leaving';
}

export function nextQuickMatch(state: QuickMatchState, event: QuickMatchEvent): QuickMatchState {
  switch (event.type) {
    case 'find':
      return state.phase === 'idle' ? { phase: 'joining' } : state;
    case 'searching': {
      // Also after a reconnect, when the page asks again: the server keeps the first `since`.
      if (state.phase !== 'joining' && state.phase !== 'searching') return state;
      const { since, offerComputerAfterMs, serverNow } = event.reply;
      const offsetMs = clockOffset(serverNow, event.receivedAt);
      return { phase: 'searching', since, offerAt: since + offerComputerAfterMs, offsetMs };
    }
    case 'failed':
      return state.phase === 'joining' || state.phase === 'searching' ? IDLE : state;
    case 'cancel':
      return state.phase === 'joining' || state.phase === 'searching' ? { phase: 'leaving', next: 'idle' } : state;
    case 'acceptComputer':
      return state.phase === 'searching' ? { phase: 'leaving', next: 'computer' } : state;
    case 'left':
      return state.phase === 'leaving' ? IDLE : state;
    case 'matchFound':
      // A pairing made while the Cancel was on its way is a real room with an opponent in it:
      // going there beats leaving them alone. Another tab's match (not searching here) is left to it.
      return isSearching(state) ? { phase: 'found', slug: event.slug } : state;
    case 'reset':
      return IDLE;
  }
}

/** What the search panel shows at `localNow`: the time waited and whether to offer the computer. */
export interface SearchView {
  readonly elapsedMs: number;
  readonly offerComputer: boolean;
}

export function searchView(state: QuickMatchState, localNow: number): SearchView | null {
  if (state.phase === 'joining') return { elapsedMs: 0, offerComputer: false };
  if (state.phase !== 'searching') return null;
  const serverNow = localNow + state.offsetMs;
  return { elapsedMs: Math.max(0, serverNow - state.since), offerComputer: serverNow >= state.offerAt };
}

/** "m:ss" (and "h:mm:ss" from an hour), whole seconds rounded down; never negative. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const seconds = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes}:${seconds}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${seconds}`;
}
