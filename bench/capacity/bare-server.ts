/**
 * The stack's own limit for bench:capacity: a bare socket.io server that plays either dialect
 * (docs/protocol.md) with nothing else — no validation, rules, views, storage or authentication.
 * It pairs two sockets per room, keeps each fleet as a cell → ship lookup and both grids as arrays,
 * and per change sends each member what ours sends it, in the same order as
 * server/socket/publish.ts (the member whose turn it is last): to a broadside/2 socket one
 * `state {seq, view}` frame of the same shape, key order and size as server/rooms/views.ts
 * `ChangeViews`; to a SPEC-dialect socket (no `protocol` in its handshake) the field events
 * server/rooms/spec-views.ts picks, of the same shape and size (a shot: `battlePlace` and `members`
 * to the shooter, `battlePlace`, `playerBoats` and `members` to the other). Each payload is
 * stringified per socket, as socket.io does by itself. Whatever the real server costs more per
 * shot is its own work.
 */
import { Server, type Socket } from 'socket.io';

type Cell = 'E' | 'S' | 'M' | 'H' | 'D';
type Grid = Cell[][];
interface Coord {
  x: number;
  y: number;
}
type Fleet = Record<string, Coord[]>;
type Ack = (reply: unknown) => void;

interface Player {
  readonly userId: string;
  /** Speaks the SPEC dialect (field events) rather than broadside/2. */
  readonly spec: boolean;
  readonly username: string;
  socket: Socket;
  fleet: Fleet | null;
  /** Cell index → ship key, for this player's fleet. */
  ships: Map<number, string>;
  /** Unhit cells left per ship. */
  left: Map<string, number>;
  own: Grid;
  /** This player's view of the opponent's grid. */
  seen: Grid;
  sunk: Fleet;
}

interface Room {
  readonly players: Player[];
  seq: number;
  status: 'UNSTARTED' | 'PLACE_SHIPS' | 'PLAY' | 'ENDED';
  turn: string | null;
  last: { shooterId: string; x: number; y: number; result: string } | null;
  winner: { userId: string; username: string } | null;
}

const RULES = { fleet: 'classic', touch: true, shots: 'one', again: 'never' } as const;
const grid = (): Grid => Array.from({ length: 10 }, () => Array.from({ length: 10 }, (): Cell => 'E'));
const rooms = new Map<string, Room>();

function members(room: Room) {
  return room.players.map((p) => ({
    userId: p.userId,
    username: p.username,
    socketId: p.socket.id,
    hasToPlay: room.turn === p.userId,
    connected: true,
    awayUntil: null,
    bot: null,
  }));
}

function other(room: Room, p: Player): Player | undefined {
  return room.players.find((q) => q !== p);
}

/** One member's whole view, field for field as ours (ChangeViews). */
function view(room: Room, p: Player, list: ReturnType<typeof members>) {
  const o = other(room, p);
  return {
    status: room.status,
    members: list,
    shipsIndexes: p.fleet,
    // Rows of cell codes, as broadside/2 sends its grids (src/protocol/state-frame.ts).
    playerBoats: p.own.map((row) => row.join('')),
    opponentBoats: p.seen.map((row) => row.join('')),
    opponentShipsIndexes: room.status === 'ENDED' && o?.fleet ? o.fleet : p.sunk,
    battlePlace: room.last,
    winner: room.winner,
    match: {
      rules: RULES,
      turnSeconds: null,
      turnDeadline: null,
      missedTurns: {},
      endReason: room.status === 'ENDED' ? 'sunk' : null,
      rematchBy: null,
      spectators: 0,
      serverNow: Date.now(),
    },
  };
}

/** The SPEC dialect's field events of one change (spec-views.ts), what a member is told. */
type SpecEvent =
  | 'gameStatus'
  | 'shipsIndexes'
  | 'playerBoats'
  | 'opponentBoats'
  | 'opponentShipsIndexes'
  | 'battlePlace'
  | 'winner'
  | 'members';
/** A whole state, in the original's order (a join, a new round, the last shot). */
const EVERYTHING: readonly SpecEvent[] = [
  'gameStatus',
  'shipsIndexes',
  'playerBoats',
  'opponentBoats',
  'opponentShipsIndexes',
  'battlePlace',
  'winner',
  'members',
];

/** The SPEC dialect's members: ours with `isHost`, `hasToPlay` marking who has not placed during PLACE_SHIPS. */
function specMembers(room: Room) {
  return members(room).map((m, i) => ({
    ...m,
    isHost: i === 0,
    hasToPlay:
      room.status === 'PLACE_SHIPS'
        ? room.players[i]?.fleet === null
        : room.status === 'PLAY' && room.turn === m.userId,
  }));
}

/** An own grid as the SPEC dialect sends it: ship cells hold their key. */
function keyedGrid(p: Player): string[][] {
  return p.own.map((row, y) => row.map((cell, x) => (cell === 'S' ? (p.ships.get(y * 10 + x) ?? 'S') : cell)));
}

function specPayload(room: Room, p: Player, event: SpecEvent): unknown {
  const o = other(room, p);
  switch (event) {
    case 'gameStatus':
      return room.status;
    case 'members':
      return specMembers(room);
    case 'shipsIndexes':
      return p.fleet;
    case 'playerBoats':
      return keyedGrid(p);
    case 'opponentBoats':
      return o ? keyedGrid(o) : p.seen;
    case 'opponentShipsIndexes':
      return o?.fleet ?? {};
    case 'battlePlace':
      return p.seen;
    case 'winner':
      return room.winner;
  }
}

/** The events a SPEC member gets out of `events` (spec-views.ts specEvents): the opponent's board and fleet only at ENDED. */
function specEvents(room: Room, p: Player, events: readonly SpecEvent[]): SpecEvent[] {
  return events.filter(
    (e) =>
      (room.status === 'ENDED' || (e !== 'opponentBoats' && e !== 'opponentShipsIndexes')) &&
      (e !== 'shipsIndexes' || p.fleet !== null),
  );
}

/**
 * One change: every member its frame(s), the member whose turn it is now last (as publish.ts).
 * `fanout` names a SPEC member's events (everything by default); a broadside/2 member always gets its state.
 */
function publish(room: Room, fanout: (p: Player) => readonly SpecEvent[] = () => EVERYTHING): void {
  room.seq++;
  const list = members(room);
  const order = [...room.players].sort((a, b) => Number(a.userId === room.turn) - Number(b.userId === room.turn));
  for (const p of order) {
    if (!p.spec) {
      p.socket.emit('state', { seq: room.seq, view: view(room, p, list) });
      continue;
    }
    for (const event of specEvents(room, p, fanout(p))) p.socket.emit(event, specPayload(room, p, event));
  }
}

const io = new Server(Number(process.env.PORT ?? 0), { serveClient: false, maxHttpBufferSize: 16 * 1024 });
io.of('/room').on('connection', (socket) => {
  const userId = String(socket.handshake.query.userId ?? socket.id);
  const username = String(socket.handshake.query.username ?? userId).slice(0, 20);
  const spec = socket.handshake.query.protocol !== 'broadside/2';
  const statusAck = (status: string) =>
    spec ? { gameStatus: status } : { gameStatus: status, protocol: 'broadside/2' };
  const done = spec ? {} : null;
  let room: Room | null = null;
  let me: Player | null = null;

  socket.on('joinRoom', (slug: string, ack: Ack) => {
    let r = rooms.get(slug);
    if (!r) {
      r = { players: [], seq: 0, status: 'UNSTARTED', turn: null, last: null, winner: null };
      rooms.set(slug, r);
    }
    me = {
      userId,
      spec,
      username,
      socket,
      fleet: null,
      ships: new Map(),
      left: new Map(),
      own: grid(),
      seen: grid(),
      sunk: {},
    };
    r.players.push(me);
    room = r;
    ack(statusAck(r.status));
    const joiner = me;
    publish(r, (p) => (p === joiner ? EVERYTHING : ['members']));
  });

  const newRound = (r: Room): void => {
    r.status = 'PLACE_SHIPS';
    r.turn = null;
    r.last = null;
    r.winner = null;
    for (const p of r.players) {
      p.fleet = null;
      p.own = grid();
      p.seen = grid();
      p.sunk = {};
    }
    publish(r);
  };

  socket.on('startGame', (_slug: string, ack: Ack) => {
    if (!room) return ack({ error: 'NOT_JOINED' });
    ack(done);
    newRound(room);
  });

  socket.on('replay', (_slug: string, ack: Ack) => {
    if (!room || room.status !== 'ENDED') return ack({ error: 'WRONG_STATUS' });
    ack(statusAck('PLACE_SHIPS'));
    newRound(room);
  });

  socket.on('placeShips', (fleet: Fleet, ack: Ack) => {
    const r = room;
    const p = me;
    if (!r || !p) return ack({ error: 'NOT_JOINED' });
    p.fleet = fleet;
    p.ships = new Map();
    p.left = new Map();
    for (const [key, cells] of Object.entries(fleet)) {
      p.left.set(key, cells.length);
      for (const c of cells) {
        p.ships.set(c.y * 10 + c.x, key);
        const row = p.own[c.y];
        if (row) row[c.x] = 'S';
      }
    }
    ack(done);
    const started = r.players.every((q) => q.fleet !== null);
    if (started) {
      r.status = 'PLAY';
      r.turn = r.players[Math.floor(Math.random() * r.players.length)]?.userId ?? null;
    }
    publish(r, (q) => {
      const own: SpecEvent[] = q === p ? ['shipsIndexes', 'playerBoats'] : [];
      return started ? [...own, 'gameStatus', 'battlePlace', 'members'] : own;
    });
  });

  socket.on('shoot', (target: Coord, ack: Ack) => {
    const r = room;
    const p = me;
    if (!r || !p || r.status !== 'PLAY' || r.turn !== p.userId) return ack({ error: 'NOT_YOUR_TURN' });
    const o = other(r, p);
    if (!o) return ack({ error: 'NOT_JOINED' });
    const key = o.ships.get(target.y * 10 + target.x);
    let result: 'M' | 'H' | 'D' = 'M';
    if (key !== undefined) {
      const left = (o.left.get(key) ?? 1) - 1;
      o.left.set(key, left);
      result = left === 0 ? 'D' : 'H';
    }
    const mark = (g: Grid, c: Coord, v: Cell): void => {
      const row = g[c.y];
      if (row) row[c.x] = v;
    };
    mark(p.seen, target, result === 'M' ? 'M' : 'H');
    mark(o.own, target, result === 'M' ? 'M' : 'H');
    if (result === 'D' && key !== undefined) {
      const cells = o.fleet?.[key] ?? [];
      for (const c of cells) {
        mark(p.seen, c, 'D');
        mark(o.own, c, 'D');
      }
      p.sunk[key] = cells;
    }
    r.last = { shooterId: p.userId, x: target.x, y: target.y, result };
    if ([...o.left.values()].every((n) => n === 0)) {
      r.status = 'ENDED';
      r.turn = null;
      r.winner = { userId: p.userId, username: p.username };
    } else r.turn = o.userId;
    ack(result);
    const won = r.status === 'ENDED';
    publish(r, (q) =>
      won ? EVERYTHING : q === p ? ['battlePlace', 'members'] : ['battlePlace', 'playerBoats', 'members'],
    );
  });

  socket.on('disconnect', () => {
    if (room) for (const [slug, r] of rooms) if (r === room) rooms.delete(slug);
  });
});
process.on('SIGTERM', () => io.close(() => process.exit(0)));
