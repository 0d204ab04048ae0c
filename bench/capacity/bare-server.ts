/**
 * The stack's own limit for bench:capacity: a bare socket.io server that plays the broadside/2
 * dialect (docs/protocol.md, "broadside/2: one state frame per change") with nothing else — no
 * validation, rules, views, storage or authentication. It pairs two sockets per room, keeps each
 * fleet as a cell → ship lookup and both grids as arrays, and per change sends every member one
 * `state {seq, view}` frame of the same shape, key order and size as server/rooms/views.ts
 * `ChangeViews` (the shooter also gets its ack), in the same order as server/socket/publish.ts.
 * Whatever the real server costs more per shot is its own work.
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

/** One change: every member one frame, the member whose turn it is now last (as publish.ts). */
function publish(room: Room): void {
  room.seq++;
  const list = members(room);
  const order = [...room.players].sort((a, b) => Number(a.userId === room.turn) - Number(b.userId === room.turn));
  for (const p of order) p.socket.emit('state', { seq: room.seq, view: view(room, p, list) });
}

const io = new Server(Number(process.env.PORT ?? 0), { serveClient: false, maxHttpBufferSize: 16 * 1024 });
io.of('/room').on('connection', (socket) => {
  const userId = String(socket.handshake.query.userId ?? socket.id);
  const username = String(socket.handshake.query.username ?? userId).slice(0, 20);
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
    ack({ gameStatus: r.status, protocol: 'broadside/2' });
    publish(r);
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
    ack(null);
    newRound(room);
  });

  socket.on('replay', (_slug: string, ack: Ack) => {
    if (!room || room.status !== 'ENDED') return ack({ error: 'WRONG_STATUS' });
    ack({ gameStatus: 'PLACE_SHIPS', protocol: 'broadside/2' });
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
    ack(null);
    if (r.players.every((q) => q.fleet !== null)) {
      r.status = 'PLAY';
      r.turn = r.players[Math.floor(Math.random() * r.players.length)]?.userId ?? null;
    }
    publish(r);
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
    publish(r);
  });

  socket.on('disconnect', () => {
    if (room) for (const [slug, r] of rooms) if (r === room) rooms.delete(slug);
  });
});
process.on('SIGTERM', () => io.close(() => process.exit(0)));
