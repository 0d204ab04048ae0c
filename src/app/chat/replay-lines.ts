/*
 * The chat beside a replay (docs/game.md, "Chat"): each line of the game at the move it was said,
 * against the shot on screen. Pure, unit-tested; src/app/components/chat/ReplayChat.tsx draws it.
 */

/** Where a line stands at the replay's step: said before it, said at it, or not said yet. */
export type ReplayLineState = 'said' | 'now' | 'later';

export function replayLineState(move: number, step: number): ReplayLineState {
  if (move > step) return 'later';
  return move === step ? 'now' : 'said';
}

/** The index of the last line said by `step` (the one to keep in view), or -1 when none was. */
export function lastSaidIndex(lines: readonly { readonly move: number }[], step: number): number {
  let last = -1;
  lines.forEach((line, index) => {
    if (line.move <= step) last = index;
  });
  return last;
}
