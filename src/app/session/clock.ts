/**
 * Deadlines come from the server's clock (`turnDeadline`, `awayUntil`, epoch ms); the browser's
 * clock may be minutes off. Each `match` event carries `serverNow`, so the client keeps the
 * difference and reads every deadline on the server's time.
 */

/** How far the server's clock is ahead of this one (negative when behind), from one message. */
export function clockOffset(serverNow: number, receivedAt: number): number {
  return serverNow - receivedAt;
}

/**
 * The best estimate so far: a message's sample undercounts the offset by its time in transit (it
 * was received after `serverNow`), so the largest sample, the one that travelled fastest, is the
 * closest to the truth; a loaded moment cannot push a deadline later.
 */
export function nextClockOffset(previous: number | null, serverNow: number, receivedAt: number): number {
  const sample = clockOffset(serverNow, receivedAt);
  return previous === null ? sample : Math.max(previous, sample);
}

/** Milliseconds left before `deadline` (server time), never negative. */
export function msLeft(deadline: number, localNow: number, offsetMs: number): number {
  return Math.max(0, deadline - (localNow + offsetMs));
}

/** Whole seconds to show: 59.2 s left reads "60", 0.4 s reads "1", only the deadline itself reads 0. */
export function secondsLeft(deadline: number, localNow: number, offsetMs: number): number {
  return Math.ceil(msLeft(deadline, localNow, offsetMs) / 1000);
}
