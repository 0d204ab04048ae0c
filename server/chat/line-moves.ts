/**
 * The move a chat line was said at, for the replay (docs/protocol.md, "Chat"): how many shots of
 * the game were stored at or before its time. `shotTimes` are the game's shots' times in order
 * (epoch ms, non-decreasing); a line said before the first shot is at move 0, one said after the
 * last at the last move.
 */
export function moveAt(shotTimes: readonly number[], at: number): number {
  let low = 0;
  let high = shotTimes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((shotTimes[middle] ?? Number.POSITIVE_INFINITY) <= at) low = middle + 1;
    else high = middle;
  }
  return low;
}
