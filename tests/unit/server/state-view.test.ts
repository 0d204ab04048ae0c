import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  CLASSIC_RULES,
  cellIndex,
  coordOf,
  lastShot,
  createRng,
  lastMove,
  makeRules,
  playerView,
  type Rules,
  SHIP_KEYS,
  type ShipMap,
  shotsAllowed,
} from '../../../src/game';
import { type PlayerStateView, PlayerStateViewSchema, toWireFrame } from '../../../src/protocol';
import { MemoryStorage } from '../../../server/db/memory';
import { RoomActions } from '../../../server/rooms/actions';
import type { Actor } from '../../../server/rooms/commands';
import { type Publisher, RoomDispatcher } from '../../../server/rooms/dispatch';
import { RoomRegistry } from '../../../server/rooms/registry';
import { EncodedJson } from '../../../server/rooms/frame-json';
import { SpecChange, specPayload } from '../../../server/rooms/spec-views';
import { ChangeViews, matchOf } from '../../../server/rooms/views';
import { SERVER_EVENTS } from '../../../src/protocol';
import { fixedFleet, verticalFleet } from '../game/helpers';

/*
 * ChangeViews (server/rooms/views.ts): the whole view a broadside/2 member receives in each `state`
 * frame, cut from parts made once per change and board. Every change of a real game through
 * dispatch() is viewed for both members, as the publisher does, and each frame is checked byte for
 * byte against the frame made the plain way: src/game's playerView, members and match, grids as rows.
 */

const ada = { id: 'ada', username: 'Ada' };
const bob = { id: 'bob', username: 'Bob' };
const FLEETS: Record<string, ShipMap> = { ada: fixedFleet(), bob: verticalFleet() };
const player = (user: { id: string; username: string }): Actor => ({ kind: 'player', user, socketId: `${user.id}-s` });
const silent = { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;

interface Seen {
  readonly seq: number;
  readonly views: Record<string, PlayerStateView>;
  /** The SPEC dialect's `battlePlace` as written for each member's local socket. */
  readonly battlePlace: Record<string, unknown>;
  /** The status and the last shooter of the change. */
  readonly status: string;
  readonly shooter: string | null;
}

async function playedGame(rules: Rules = CLASSIC_RULES): Promise<Seen[]> {
  const storage = new MemoryStorage();
  const registry = new RoomRegistry(storage, { graceMs: 5_000, turnMs: () => 30_000 });
  const seen: Seen[] = [];
  const publisher: Publisher = {
    publish: (room) => {
      const change = new ChangeViews(room);
      const views: Record<string, PlayerStateView> = {};
      // The SPEC dialect's payloads as a local socket gets them (written once, grids kept while
      // their board stays): JSON.stringify of the payload made the plain way, to the letter.
      const spec = new SpecChange(room, change);
      const battlePlace: Record<string, unknown> = {};
      for (const id of room.members.keys()) {
        battlePlace[id] = spec.encoded('battlePlace', id);
        for (const event of SERVER_EVENTS) {
          const sent = spec.encoded(event, id);
          const text = sent instanceof EncodedJson ? sent.json : JSON.stringify(sent);
          expect(text, `${event} to ${id} at ${room.seq}`).toBe(JSON.stringify(specPayload(event, room, id, change)));
        }
      }
      for (const id of room.members.keys()) {
        views[id] = change.view(id);
        // Byte for byte the frame made the plain way (the clock's serverNow taken from the change).
        const view = playerView(room.state, id);
        const winner =
          view.winner === null
            ? null
            : { userId: view.winner, username: room.members.get(view.winner)?.username ?? '' };
        const plain = toWireFrame({
          seq: room.seq,
          view: {
            status: view.status,
            members: change.members(),
            shipsIndexes: view.shipsIndexes,
            playerBoats: view.playerBoats,
            opponentBoats: view.opponentBoats,
            opponentShipsIndexes: view.opponentShipsIndexes,
            battlePlace: view.battlePlace,
            ...(room.state.rules.shots === 'salvo' ? { lastMove: lastMove(room.state) } : {}),
            winner,
            match: { ...matchOf(room), serverNow: change.match().serverNow },
          },
        });
        expect(JSON.stringify(change.frame(id))).toBe(JSON.stringify(plain));
        // And as a local socket gets it: the JSON written from parts is JSON.stringify's, to the letter.
        expect(change.encodedFrame(id).json).toBe(JSON.stringify(plain));
        // The in-process seat's frame: the same view, the same wire.
        const local = change.localFrame(id);
        expect(local.view).toEqual(views[id]);
        expect(local.wire()).toEqual(change.frame(id));
      }
      const status = room.state.status;
      seen.push({ seq: room.seq, views, battlePlace, status, shooter: lastShot(room.state)?.shooterId ?? null });
    },
  };
  const { dispatch } = new RoomDispatcher({
    actions: new RoomActions(storage, createRng(3)),
    registry,
    publisher,
    log: silent,
  });
  for (const u of [ada, bob]) {
    await storage.users.createUser({ id: u.id, username: u.username, email: `${u.id}@t.dev`, passwordHash: 'x' });
  }
  const slug = await registry.create(ada.id, { turnSeconds: 30, rules });
  const room = await registry.get(slug);
  if (!room) throw new Error('no room');
  await dispatch(room, player(ada), { type: 'join' });
  await dispatch(room, player(bob), { type: 'join' });
  await dispatch(room, player(ada), { type: 'start' });
  await dispatch(room, player(ada), { type: 'place', fleet: FLEETS.ada as ShipMap });
  await dispatch(room, player(bob), { type: 'place', fleet: FLEETS.bob as ShipMap });
  // Each scans the grid in reading order until one fleet is sunk.
  const next: Record<string, number> = { ada: 0, bob: 0 };
  for (let i = 0; i < 200 && room.state.status === 'PLAY'; i++) {
    const shooter = room.state.turn === ada.id ? ada : bob;
    const at = next[shooter.id] ?? 0;
    const count = shotsAllowed(room.state, shooter.id);
    next[shooter.id] = at + count;
    const cells = Array.from({ length: count }, (_, k) => coordOf(at + k));
    const target = rules.shots === 'one' ? coordOf(at) : cells;
    const reply = await dispatch(room, player(shooter), { type: 'shoot', target });
    expect(rules.shots === 'one' ? typeof reply : Array.isArray(reply)).toBe(rules.shots === 'one' ? 'string' : true);
  }
  expect(room.state.status).toBe('ENDED');
  return seen;
}

describe('ChangeViews', () => {
  it('is the whole player view, valid against the schema, with members and match, for each member of each change', async () => {
    const seen = await playedGame();
    expect(seen.length).toBeGreaterThan(60);
    for (const [i, { seq, views }] of seen.entries()) {
      if (i > 0) expect(seq).toBe((seen[i - 1]?.seq ?? 0) + 1);
      for (const [id, view] of Object.entries(views)) {
        // As it travels (grids as rows): the schema reads it back into the very view.
        const read = PlayerStateViewSchema.safeParse(toWireFrame({ seq, view }).view);
        expect(read.success, `view of ${id} at seq ${seq}`).toBe(true);
        expect(read.data).toEqual(view);
        expect(view.match.turnSeconds).toBe(30);
        // The member's own fleet, once placed, and nobody else's.
        if (view.shipsIndexes !== null) expect(view.shipsIndexes).toEqual(FLEETS[id]);
      }
    }
    const last = seen.at(-1);
    const ended = last?.views.ada;
    expect(ended?.status).toBe('ENDED');
    expect(ended?.winner?.username).toMatch(/^(Ada|Bob)$/);
    expect(ended?.members.map((m) => m.userId)).toEqual(['ada', 'bob']);
    expect(ended?.match.endReason).toBe('SUNK');
    // At ENDED, the whole opponent fleet.
    expect(ended?.opponentShipsIndexes).toEqual(FLEETS.bob);
  });

  it('writes an unchanged grid once: after a shot, the battlePlace of the player shot at is the text of the shot before', async () => {
    const seen = await playedGame();
    let reused = 0;
    for (const [i, change] of seen.entries()) {
      const before = seen[i - 1];
      if (!before || change.status !== 'PLAY' || before.status !== 'PLAY' || change.shooter === null) continue;
      if (before.shooter === null) continue;
      const target = change.shooter === 'ada' ? 'bob' : 'ada';
      // The target's knowledge of the shooter's board did not change with this shot: the same text, not written again.
      expect(change.battlePlace[target]).toBe(before.battlePlace[target]);
      // The shooter's did: a new text.
      expect(change.battlePlace[change.shooter]).not.toBe(before.battlePlace[change.shooter]);
      reused++;
    }
    expect(reused).toBeGreaterThan(60);
  });

  it('a salvo game under again-after-a-hit: every frame (lastMove included) byte for byte the plain one', async () => {
    const seen = await playedGame(makeRules({ shots: 'salvo', again: 'hit' }));
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.some(({ views }) => (views.ada as { lastMove?: unknown[] }).lastMove?.length === 5)).toBe(true);
  });

  it('never carries a cell of an unsunk opponent ship before ENDED', async () => {
    const seen = await playedGame();
    let checked = 0;
    for (const { views } of seen) {
      for (const [id, view] of Object.entries(views)) {
        if (view.status === 'ENDED') continue;
        const opponentId = id === 'ada' ? 'bob' : 'ada';
        const opponent = FLEETS[opponentId] as ShipMap;
        const ownShots = new Set<number>();
        view.opponentBoats.forEach((row, y) => {
          row.forEach((cell, x) => {
            expect('EMHD').toContain(cell);
            if (cell !== 'E') ownShots.add(cellIndex({ x, y }));
          });
        });
        for (const cells of Object.values(view.opponentShipsIndexes)) {
          expect(cells?.every((c) => ownShots.has(cellIndex(c)))).toBe(true);
        }
        // No coordinate of an opponent ship cell not yet shot, anywhere in the view but the own fleet.
        const { shipsIndexes: _own, ...rest } = view;
        const opponentCells = new Set(SHIP_KEYS.flatMap((k) => opponent[k].map(cellIndex)));
        for (const match of JSON.stringify(rest).matchAll(/\{"x":(\d),"y":(\d)\}/g)) {
          const index = cellIndex({ x: Number(match[1]), y: Number(match[2]) });
          if (opponentCells.has(index)) expect(ownShots.has(index)).toBe(true);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('shows both members the same last shot, and each only its own grid', async () => {
    const seen = await playedGame();
    const shot = seen.find(({ views }) => views.ada?.battlePlace !== null && views.ada?.status === 'PLAY');
    expect(shot?.views.ada?.battlePlace).toEqual(shot?.views.bob?.battlePlace);
    const cell = shot?.views.ada?.battlePlace;
    if (!cell) throw new Error('no shot seen');
    const shooterView = cell.shooterId === 'ada' ? shot?.views.ada : shot?.views.bob;
    const targetView = cell.shooterId === 'ada' ? shot?.views.bob : shot?.views.ada;
    expect(shooterView?.opponentBoats[cell.y]?.[cell.x]).toBe(cell.result === 'M' ? 'M' : cell.result);
    expect(targetView?.playerBoats[cell.y]?.[cell.x]).toBe(cell.result === 'M' ? 'M' : cell.result);
  });
});
