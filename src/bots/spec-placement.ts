import type { Ack, ClientGameState, ErrorAck, GameClient } from '../protocol';
import { isErrorAck } from '../protocol';
import { BotError, waitForState } from './wait-for-state';

/**
 * Placing a fleet on a SPEC server (docs/protocol.md, "Interoperability"). The original server
 * reads a room, changes it and writes it back whole without a lock, and one `placeShips` takes a
 * dozen such steps there: store the fleet, "are both fleets in?", draw who starts, PLAY. Two
 * placements of one room that overlap can lose a fleet (the room stays in PLACE_SHIPS), refuse the
 * second although its fleet is in (the first moved the room to PLAY meanwhile), give both players
 * the turn, or leave nobody to play. Nothing is announced until both fleets are in, so a player
 * cannot see whether the other has placed.
 *
 * So the two players of a room never place at the same moment: time runs in periods from the
 * moment each saw PLACE_SHIPS (both see the same broadcast); the player who places first (the
 * host) sends its fleet at the start of each period, the other half a period later, each again
 * every period until PLAY (a lost fleet comes back). A refusal is not the end while PLAY may still
 * come; a second one in a row with the room still placing is.
 */
export const SPEC_PLACEMENT_PERIOD_MS = 2_000;

/** Who places first in a room: the host where members carry `isHost`, else the smaller userId. */
export function placesFirst(state: Pick<ClientGameState, 'members'>, userId: string | null): boolean {
  const host = state.members.find((m) => m.isHost === true);
  if (host) return host.userId === userId;
  const ids = state.members.map((m) => m.userId).sort();
  return ids[0] === undefined || ids[0] === userId;
}

/**
 * When this player sends its fleet, in ms from the moment it saw PLACE_SHIPS: its n-th sending
 * (n from 0), the first player at the start of each period, the other in the middle.
 */
export function sendingAt(first: boolean, n: number, periodMs = SPEC_PLACEMENT_PERIOD_MS): number {
  return n * periodMs + (first ? 0 : periodMs / 2);
}

export interface SpecPlacementOptions {
  /** This player sends at the start of each period (see placesFirst). */
  readonly first: boolean;
  /** The other bot of this process placed: this one then sends at once instead of at its first slot. */
  readonly after?: Promise<unknown>;
  /** Called once this player's fleet was sent without a refusal. */
  readonly onPlaced?: () => void;
  /** How long PLAY may take to come. */
  readonly timeoutMs: number;
  /** Sends the fleet (the first sending is timed by the caller's observer). */
  readonly send: (n: number) => Promise<Ack<null>>;
  readonly periodMs?: number;
}

/** Resolves true once the room has left PLACE_SHIPS, false at `until` (epoch ms) if it has not. */
async function leftPlacement(client: GameClient, until: number): Promise<boolean> {
  const left = (s: ClientGameState): boolean => s.gameStatus !== 'PLACE_SHIPS';
  if (left(client.state)) return true;
  const ms = until - Date.now();
  if (ms <= 0) return false;
  try {
    await waitForState(client, left, 'the other fleet', ms);
    return true;
  } catch (error) {
    if (error instanceof BotError && error.code === 'TIMEOUT') return false;
    throw error;
  }
}

/** Waits for `promise`, or until `deadline` (epoch ms), whichever comes first. */
async function until(promise: Promise<unknown>, deadline: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
  });
  await Promise.race([promise, late]);
  clearTimeout(timer);
}

function refused(reply: ErrorAck): BotError {
  return new BotError(reply.error, `placeShips: ${reply.message ? `${reply.error} (${reply.message})` : reply.error}`);
}

/** Places on a SPEC server as the comment above says; resolves once the room has left PLACE_SHIPS. */
export async function placeOnSpecServer(client: GameClient, options: SpecPlacementOptions): Promise<void> {
  const period = options.periodMs ?? SPEC_PLACEMENT_PERIOD_MS;
  const origin = Date.now();
  const deadline = origin + options.timeoutMs;
  let lastRefusal: ErrorAck | null = null;
  let refusedInARow = 0;
  let announced = false;
  for (let n = 0; ; n++) {
    if (n === 0 && options.after) await until(options.after, deadline);
    else {
      // A slot that passed while the last sending was on its way is skipped, never made up for.
      while (n > 0 && origin + sendingAt(options.first, n, period) <= Date.now()) n++;
      await leftPlacement(client, Math.min(deadline, origin + sendingAt(options.first, n, period)));
    }
    if (client.closed) return;
    if (client.state.gameStatus !== 'PLACE_SHIPS' || Date.now() >= deadline) break;
    const reply = await options.send(n);
    if (isErrorAck(reply)) {
      // "Not placing any more": the other player's placement may have moved the room on meanwhile.
      if (reply.error !== 'REFUSED') throw refused(reply);
      lastRefusal = reply;
      refusedInARow += 1;
      if (refusedInARow >= 2 && client.state.gameStatus === 'PLACE_SHIPS') throw refused(reply);
    } else {
      refusedInARow = 0;
      if (!announced) options.onPlaced?.();
      announced = true;
    }
  }
  if (client.state.gameStatus === 'PLACE_SHIPS') {
    if (lastRefusal) throw refused(lastRefusal);
    throw new BotError('TIMEOUT', `timed out after ${options.timeoutMs} ms waiting for the other fleet`);
  }
}
