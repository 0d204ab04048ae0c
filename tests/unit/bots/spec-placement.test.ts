import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BotError, oneAfterTheOther, placesFirst, sendingAt, startAndPlace } from '../../../src/bots';
import type { Ack, ClientGameState, GameClient, Member, StateListener } from '../../../src/protocol';
import { initialGameState } from '../../../src/protocol';
import { FLEET } from './helpers';

/*
 * Placement on a SPEC server (src/bots/spec-placement.ts) against a client whose answers are those
 * the original server gives when two placements of one room meet (docs/protocol.md,
 * "Interoperability"): a fleet dropped without a word, a refusal although the fleet is in.
 */

const HOST = 'host';
const GUEST = 'guest';
const REFUSED = { error: 'REFUSED', message: "La partie n'est pas en cours" } as const;

function member(userId: string, isHost: boolean): Member {
  return { userId, username: userId, socketId: null, hasToPlay: true, connected: true, awayUntil: null, isHost };
}

/** The part of GameClient the bots use, over a state the test moves on; placeShips answers in turn. */
class SpecRoom {
  readonly dialect = 'spec' as const;
  readonly closed = false;
  state: ClientGameState;
  /** When each placeShips was sent (ms since the test began). */
  readonly sent: number[] = [];
  private readonly listeners = new Set<StateListener>();
  private readonly t0 = Date.now();

  constructor(
    readonly userId: string,
    private readonly answers: Ack<null>[] = [],
    members: Member[] = [member(HOST, true), member(GUEST, false)],
  ) {
    this.state = { ...initialGameState('room'), gameStatus: 'PLACE_SHIPS', members, membersAtShots: 0 };
  }

  subscribe(listener: StateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async placeShips(): Promise<Ack<null>> {
    this.sent.push(Date.now() - this.t0);
    return this.answers.shift() ?? null;
  }

  async startGame(): Promise<Ack<null>> {
    return null;
  }

  play(): void {
    this.state = { ...this.state, gameStatus: 'PLAY' };
    for (const listener of [...this.listeners]) listener(this.state, 'gameStatus');
  }

  get client(): GameClient {
    return this as unknown as GameClient;
  }
}

describe('placing on a SPEC server', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('carries on after a refusal when the room then reaches PLAY (the other placement moved it on)', async () => {
    const room = new SpecRoom(GUEST, [REFUSED]);
    const placed = startAndPlace(room.client, FLEET, { start: false, stepTimeoutMs: 30_000 });
    await vi.advanceTimersByTimeAsync(1_050);
    expect(room.sent).toEqual([1_000]);
    room.play();
    await expect(placed).resolves.toBeUndefined();
    expect(room.sent).toHaveLength(1);
  });

  it('sends a dropped fleet again in its own half of each period: the host at 0, 2, 4 s, the guest at 1, 3 s', async () => {
    const host = new SpecRoom(HOST);
    const guest = new SpecRoom(GUEST);
    const placed = Promise.all(
      [host, guest].map((room) => startAndPlace(room.client, FLEET, { start: false, stepTimeoutMs: 30_000 })),
    );
    await vi.advanceTimersByTimeAsync(4_500);
    expect(host.sent).toEqual([0, 2_000, 4_000]);
    expect(guest.sent).toEqual([1_000, 3_000]);
    host.play();
    guest.play();
    await placed;
    await vi.advanceTimersByTimeAsync(10_000);
    expect([host.sent.length, guest.sent.length]).toEqual([3, 2]);
  });

  it('a second refusal in a row while the room still places is the answer', async () => {
    const room = new SpecRoom(HOST, [REFUSED, REFUSED]);
    const placed = startAndPlace(room.client, FLEET, { start: false, stepTimeoutMs: 30_000 });
    const failed = expect(placed).rejects.toThrow(new BotError('REFUSED', `placeShips: REFUSED (${REFUSED.message})`));
    await vi.advanceTimersByTimeAsync(2_100);
    await failed;
    expect(room.sent).toEqual([0, 2_000]);
  });

  it('gives up with the refusal when PLAY never comes', async () => {
    const room = new SpecRoom(HOST, [REFUSED]);
    const placed = startAndPlace(room.client, FLEET, { start: false, stepTimeoutMs: 5_000 });
    const failed = expect(placed).rejects.toMatchObject({ code: 'REFUSED' });
    await vi.advanceTimersByTimeAsync(5_100);
    await failed;
    // Refused, then sent at 2 s and 4 s without an answer: the refusal still names the cause.
    expect(room.sent).toEqual([0, 2_000, 4_000]);
  });

  it('two bots of one process: the second sends once the first went through, then keeps to its half', async () => {
    const [first, second] = oneAfterTheOther();
    const host = new SpecRoom(HOST);
    const guest = new SpecRoom(GUEST);
    const placed = Promise.all([
      startAndPlace(host.client, FLEET, { start: false, stepTimeoutMs: 30_000, ...first }),
      startAndPlace(guest.client, FLEET, { start: false, stepTimeoutMs: 30_000, ...second }),
    ]);
    await vi.advanceTimersByTimeAsync(3_100);
    expect(host.sent).toEqual([0, 2_000]);
    expect(guest.sent).toEqual([0, 3_000]);
    host.play();
    guest.play();
    await placed;
  });
});

describe('who places first on a SPEC server', () => {
  it('is the host where members mark one, else the smaller userId; sending times alternate', () => {
    const marked = { members: [member(GUEST, false), member(HOST, true)] };
    expect(placesFirst(marked, HOST)).toBe(true);
    expect(placesFirst(marked, GUEST)).toBe(false);
    const unmarked = {
      members: [
        { ...member('b', false), isHost: undefined },
        { ...member('a', false), isHost: undefined },
      ],
    };
    expect(placesFirst(unmarked, 'a')).toBe(true);
    expect(placesFirst(unmarked, 'b')).toBe(false);
    expect([0, 1, 2].map((n) => sendingAt(true, n))).toEqual([0, 2_000, 4_000]);
    expect([0, 1, 2].map((n) => sendingAt(false, n))).toEqual([1_000, 3_000, 5_000]);
  });
});
