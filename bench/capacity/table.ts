import { build, type Histogram } from 'hdr-histogram-js';
import { type Coord, coordOf, createRng, randomFleet, type Rng, shuffle } from '../../src/game';
import { STEPS } from '../../src/bots/shooters/hunt';
import { WireSocket } from './wire';

/** What every table of one run adds to; latencies and counts only while `measuring`. */
export class Tally {
  measuring = false;
  stopping = false;
  shots = 0;
  games = 0;
  /** Shots and games played from the first shot on, warm-up included: shots a game, which a window of seconds cuts short. */
  allShots = 0;
  allGames = 0;
  errors = 0;
  readonly shoot: Histogram = build({ lowestDiscernibleValue: 1, numberOfSignificantValueDigits: 3 });
}

interface Seat {
  readonly socket: WireSocket;
  readonly userId: string;
  /** Hunting order: one colour of a checkerboard, shuffled, then the other (every ship of two or more cells covers both). */
  targets: Coord[];
  /** What this seat knows of each cell it aims at (index y * 10 + x): OPEN, SHOT, or HIT of a ship not known sunk. */
  cells: Uint8Array;
  hits: number;
  busy: boolean;
  /** The room's status and members as last received: a member may shoot only in PLAY. */
  status: string;
  members: unknown;
}

/** How to reach one seat of a table: the handshake query and who the server will say it is. */
export interface SeatLogin {
  readonly query: Record<string, string>;
  readonly userId: string;
}

const FLEET_CELLS = 17;

/**
 * A hunt/target shooter, so that a game is about as long as the games people play (about 100 shots
 * for both players, where random shots take 190; `broadside load`'s hunt, which reads each sunk
 * ship from the frames, 94), from the acks alone: reading frames would cost the generator a parse
 * per frame.
 */
function huntOrder(rng: Rng): Coord[] {
  const cells = shuffle(
    Array.from({ length: 100 }, (_, i) => coordOf(i)),
    rng,
  );
  const even = (c: Coord): number => (c.x + c.y) % 2;
  // Popped from the end: the even colour last in the array is shot first.
  return [...cells.filter((c) => even(c) === 1), ...cells.filter((c) => even(c) === 0)];
}

const OPEN = 0;
const SHOT = 1;
const HIT = 2;

function stateAt(cells: Uint8Array, x: number, y: number): number {
  return x < 0 || y < 0 || x > 9 || y > 9 ? SHOT : (cells[y * 10 + x] ?? SHOT);
}

/** Open cells around the hits: the open ends of a line of hits first, else any open neighbour. */
function aimed(cells: Uint8Array): Coord[] {
  const ends: Coord[] = [];
  const next: Coord[] = [];
  cells.forEach((c, i) => {
    if (c !== HIT) return;
    const x = i % 10;
    const y = Math.floor(i / 10);
    for (const [dx, dy] of STEPS) {
      if (stateAt(cells, x + dx, y + dy) !== OPEN) continue;
      next.push({ x: x + dx, y: y + dy });
      if (stateAt(cells, x - dx, y - dy) === HIT) ends.push({ x: x + dx, y: y + dy });
    }
  });
  return ends.length > 0 ? ends : next;
}

/** The next cell not yet shot: around a hit first, else the hunt's order. */
function nextTarget(seat: Seat): Coord | undefined {
  let cell: Coord | undefined = aimed(seat.cells)[0];
  while (!cell || seat.cells[cell.y * 10 + cell.x] !== OPEN) {
    cell = seat.targets.pop();
    if (!cell) return undefined;
  }
  seat.cells[cell.y * 10 + cell.x] = SHOT;
  return cell;
}

/** A status ack as either dialect sends it: `{ gameStatus }` (SPEC) or a bare status (older servers). */
function statusOf(reply: unknown): string | null {
  if (typeof reply === 'string') return reply;
  const status = (reply as { gameStatus?: unknown } | null)?.gameStatus;
  return typeof status === 'string' ? status : null;
}

/** Success acks are `null` or an object without `error` (the SPEC dialect answers `{}`). */
function refused(reply: unknown): boolean {
  return reply !== null && (typeof reply !== 'object' || 'error' in reply);
}

/**
 * Two players in one room, shooting as soon as the server tells them it is their turn (the
 * `members` field event, or the members of a broadside/2 `state` frame, with hasToPlay), each with the hunt/target shooter below; after the 17th hit the winner
 * asks for a rematch, both place a new fleet and play on. The same code runs against both servers.
 */
export class Table {
  private readonly seats: Seat[] = [];
  private readonly rng: Rng;
  private slug = '';

  constructor(
    private readonly tally: Tally,
    seed: number,
  ) {
    this.rng = createRng(seed);
  }

  async open(origin: string, slug: string, logins: readonly [SeatLogin, SeatLogin]): Promise<void> {
    this.slug = slug;
    for (const login of logins) {
      const socket = new WireSocket();
      await socket.connect(origin, login.query);
      const seat: Seat = {
        socket,
        userId: login.userId,
        targets: [],
        cells: new Uint8Array(100),
        hits: 0,
        busy: false,
        status: '',
        members: null,
      };
      // The SPEC dialect also marks with hasToPlay a member who has not placed yet, so the turn is
      // read from members only while the status is PLAY.
      socket.on('members', (payload) => {
        seat.members = payload;
        this.turn(seat);
      });
      // A new status comes before the members frame of that status: the members seen so far are stale.
      socket.on('gameStatus', (payload) => {
        seat.status = typeof payload === 'string' ? payload : '';
        seat.members = null;
      });
      // broadside/2: one state {seq, view} per change carries both the status and the members.
      socket.on('state', (payload) => {
        const view = (payload as { view?: { status?: unknown; members?: unknown } } | null)?.view;
        seat.status = typeof view?.status === 'string' ? view.status : '';
        seat.members = view?.members ?? null;
        this.turn(seat);
      });
      this.seats.push(seat);
      const joined = await socket.call('joinRoom', slug);
      if (statusOf(joined) === null) throw new Error(`joinRoom: ${JSON.stringify(joined)}`);
    }
    const started = await this.seats[0]?.socket.call('startGame', slug);
    if (refused(started)) throw new Error(`startGame: ${JSON.stringify(started)}`);
    await this.place();
  }

  private async place(): Promise<void> {
    await Promise.all(
      this.seats.map(async (seat) => {
        seat.targets = huntOrder(this.rng);
        seat.cells.fill(OPEN);
        seat.hits = 0;
        const placed = await seat.socket.call('placeShips', randomFleet(this.rng));
        if (refused(placed)) throw new Error(`placeShips: ${JSON.stringify(placed)}`);
      }),
    );
  }

  private turn(seat: Seat): void {
    const { members } = seat;
    if (seat.busy || this.tally.stopping || seat.status !== 'PLAY' || !Array.isArray(members)) return;
    const mine = members.find((m: { userId?: string }) => m.userId === seat.userId) as { hasToPlay?: boolean };
    if (mine?.hasToPlay) void this.shoot(seat);
  }

  private async shoot(seat: Seat): Promise<void> {
    const target = nextTarget(seat);
    if (!target) return;
    seat.busy = true;
    // Only a members frame sent after this shot says whose turn it is next.
    seat.members = null;
    const t0 = performance.now();
    const reply = await seat.socket.call('shoot', target);
    const us = Math.max(1, Math.round((performance.now() - t0) * 1000));
    seat.busy = false;
    const { tally } = this;
    if (reply !== 'M' && reply !== 'H' && reply !== 'D') {
      tally.errors++;
      // Not played: shot again when a members frame gives this seat the turn.
      seat.cells[target.y * 10 + target.x] = OPEN;
      seat.targets.push(target);
      return;
    }
    tally.allShots++;
    if (tally.measuring) {
      tally.shots++;
      tally.shoot.recordValue(us);
    }
    if (reply !== 'M') seat.hits++;
    // A hit is aimed around until its ship sinks. Sunk: this game shows the whole ship, so the
    // hits so far stop being aimed around (the ack alone does not say which were that ship's: a
    // touching ship's hit may stop too, and the hunt finds that ship again).
    if (reply === 'H') seat.cells[target.y * 10 + target.x] = HIT;
    if (reply === 'D') for (let i = 0; i < 100; i++) if (seat.cells[i] === HIT) seat.cells[i] = SHOT;
    if (seat.hits < FLEET_CELLS) {
      // Our server may send the frames of this shot, and of the opponent's answer, before this
      // ack (the SPEC dialect allows either order): the turn may already be back here.
      this.turn(seat);
      return;
    }
    tally.allGames++;
    if (tally.measuring) tally.games++;
    if (tally.stopping) return;
    const again = await seat.socket.call('replay', this.slug);
    if (statusOf(again) !== 'PLACE_SHIPS') {
      tally.errors++;
      return;
    }
    await this.place();
  }

  /** Frames and bytes both seats received. */
  received(): { frames: number; bytes: number } {
    return this.seats.reduce((t, s) => ({ frames: t.frames + s.socket.frames, bytes: t.bytes + s.socket.bytes }), {
      frames: 0,
      bytes: 0,
    });
  }

  close(): void {
    for (const seat of this.seats) seat.socket.close();
  }
}
