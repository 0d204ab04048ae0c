import { describe, expect, it } from 'vitest';
import { TurnTracker } from '../../../src/bots';
import { createRng, emptyGrid, randomFleet, SHIP_KEYS } from '../../../src/game';
import { type ClientGameState, initialGameState } from '../../../src/protocol';
import {
  fromWireFleet,
  fromWireShips,
  readDoneReply,
  readGrid,
  readShotReply,
  readStatusReply,
  toWireOwnGrid,
  toWireShips,
} from '../../../src/protocol/spec-dialect';
import { absorb } from '../../../src/protocol/state-intake';

/* The SPEC dialect as the original server sends it (docs/protocol.md), read into our shapes. */

const fleet = randomFleet(createRng(11));
const ME = 'u-me';
const THEM = 'u-them';

function feed(state: ClientGameState, events: [string, unknown][]): { state: ClientGameState; changes: string[] } {
  let s = state;
  const changes: string[] = [];
  for (const [event, payload] of events) {
    const out = absorb(s, event as never, payload, ME);
    s = out.state;
    changes.push(...out.changes);
  }
  return { state: s, changes };
}

function members(toPlay: string | null, both = true) {
  return [
    { userId: ME, username: 'me', socketId: 's1', hasToPlay: toPlay === ME || both, isHost: true },
    { userId: THEM, username: 'them', socketId: 's2', hasToPlay: toPlay === THEM || both, isHost: false },
  ];
}

function wireOwnGrid(): string[][] {
  const grid = emptyGrid();
  for (const key of SHIP_KEYS) for (const c of fleet[key]) (grid[c.y] ?? [])[c.x] = 'S';
  return toWireOwnGrid(grid, fleet);
}

describe('ship maps', () => {
  it('reads keys "1".."5" and "0".."4" as the same fleet, and writes "1".."5"', () => {
    const wire = toWireShips(fleet);
    expect(Object.keys(wire)).toEqual(['1', '2', '3', '4', '5']);
    expect(wire['1']).toHaveLength(5);
    expect(wire['5']).toHaveLength(2);
    expect(fromWireFleet(wire)).toEqual(fleet);
    expect(fromWireFleet(fleet)).toEqual(fleet);
    expect(fromWireFleet({})).toBeNull();
  });

  it('reads a partial map by what the sender speaks when its keys do not tell', () => {
    expect(fromWireShips({ '4': fleet['4'] })).toEqual({ '4': fleet['4'] });
    expect(fromWireShips({ '4': fleet['3'] }, true)).toEqual({ '3': fleet['3'] });
    expect(fromWireShips({ '5': fleet['4'] })).toEqual({ '4': fleet['4'] });
  });

  it('own-grid ship cells hold the ship key on the wire and read back as S', () => {
    const wire = wireOwnGrid();
    const c = fleet['0'][0];
    if (!c) throw new Error('no cell');
    expect(wire[c.y]?.[c.x]).toBe('1');
    expect(readGrid(wire)[c.y]?.[c.x]).toBe('S');
    expect(readGrid([])).toEqual(emptyGrid());
  });
});

describe('acknowledgements', () => {
  it('reads {gameStatus}, a bare status, {} and any {error} with its text', () => {
    expect(readStatusReply({ gameStatus: 'UNSTARTED' })).toBe('UNSTARTED');
    expect(readStatusReply('PLAY')).toBe('PLAY');
    expect(readStatusReply({ error: "La room n'existe pas" })).toEqual({
      error: 'REFUSED',
      message: "La room n'existe pas",
    });
    expect(readStatusReply({ error: 'The room does not exist.', code: 'ROOM_NOT_FOUND' })).toEqual({
      error: 'ROOM_NOT_FOUND',
      message: 'The room does not exist.',
    });
    expect(readStatusReply(42)).toMatchObject({ error: 'BAD_REPLY' });
    expect(readDoneReply({})).toBeNull();
    expect(readDoneReply(undefined)).toBeNull();
    expect(readDoneReply({ error: 'NOT_YOUR_TURN' })).toEqual({ error: 'NOT_YOUR_TURN' });
    expect(readShotReply('D')).toBe('D');
    expect(readShotReply({ error: "Ce n'est pas à votre tour de jouer" })).toMatchObject({ error: 'REFUSED' });
  });
});

describe('state from SPEC events', () => {
  const joined = feed(initialGameState('room'), [
    ['playerBoats', []],
    ['battlePlace', []],
    ['members', members(null, false)],
  ]).state;

  it('a grid battlePlace is the opponent board; the changed cell is my last shot, a new D run the ship I sank', () => {
    const play = feed(joined, [
      ['playerBoats', wireOwnGrid()],
      ['battlePlace', emptyGrid()],
      ['members', members(ME, false)],
      ['gameStatus', 'PLAY'],
    ]).state;
    expect(play.shipsIndexes).toEqual(fleet);
    const hit = emptyGrid();
    (hit[0] ?? [])[3] = 'H';
    const afterHit = feed(play, [['battlePlace', hit]]);
    expect(afterHit.changes).toEqual(['opponentBoats', 'battlePlace']);
    expect(afterHit.state.battlePlace).toEqual({ shooterId: ME, x: 3, y: 0, result: 'H' });
    const sunk = emptyGrid();
    (sunk[0] ?? [])[3] = 'D';
    (sunk[0] ?? [])[4] = 'D';
    const afterSink = feed(afterHit.state, [['battlePlace', sunk]]).state;
    expect(afterSink.battlePlace).toEqual({ shooterId: ME, x: 4, y: 0, result: 'D' });
    expect(afterSink.opponentShipsIndexes).toEqual({
      '4': [
        { x: 3, y: 0 },
        { x: 4, y: 0 },
      ],
    });
  });

  it('an opponent shot read from my grid is the last shot, by the opponent', () => {
    const play = feed(joined, [
      ['playerBoats', wireOwnGrid()],
      ['battlePlace', emptyGrid()],
      ['members', members(THEM, false)],
      ['gameStatus', 'PLAY'],
    ]).state;
    const target = fleet['2'][0];
    if (!target) throw new Error('no cell');
    const grid = wireOwnGrid();
    (grid[target.y] ?? [])[target.x] = 'H';
    const out = feed(play, [['playerBoats', grid]]);
    expect(out.changes).toEqual(['playerBoats', 'battlePlace']);
    expect(out.state.battlePlace).toEqual({ shooterId: THEM, x: target.x, y: target.y, result: 'H' });
  });

  it('members without presence fields read as present; isHost is kept', () => {
    expect(joined.members[0]).toMatchObject({ connected: true, awayUntil: null, isHost: true });
  });

  it('a hit keeps the turn, and the events may come before the ack: the tracker follows hasToPlay', () => {
    const play = feed(joined, [
      ['playerBoats', wireOwnGrid()],
      ['battlePlace', emptyGrid()],
      ['members', members(ME, false)],
      ['gameStatus', 'PLAY'],
    ]).state;
    const turn = new TurnTracker(ME);
    expect(turn.mine(play)).toBe(true);
    const hit = emptyGrid();
    (hit[5] ?? [])[5] = 'H';
    // The original: the shot's frames, then its ack.
    const framed = feed(play, [
      ['battlePlace', hit],
      ['playerBoats', wireOwnGrid()],
    ]).state;
    expect(turn.mine(framed)).toBe(false);
    const withMembers = feed(framed, [['members', members(ME, false)]]).state;
    turn.fired('H', play, withMembers);
    expect(turn.mine(withMembers)).toBe(true);
    // A miss passes the turn.
    const miss = hit.map((row) => [...row]);
    (miss[6] ?? [])[6] = 'M';
    const missed = feed(withMembers, [
      ['battlePlace', miss],
      ['members', members(THEM, false)],
    ]).state;
    turn.fired('M', withMembers, missed);
    expect(turn.mine(missed)).toBe(false);
  });

  it('entering PLACE_SHIPS again (a replay) forgets the last round', () => {
    const ended: ClientGameState = {
      ...joined,
      gameStatus: 'ENDED',
      shipsIndexes: fleet,
      winner: { userId: ME, username: 'me' },
      opponentShipsIndexes: { '0': fleet['0'] },
    };
    const replayed = feed(ended, [['gameStatus', 'PLACE_SHIPS']]).state;
    expect(replayed).toMatchObject({ shipsIndexes: null, winner: null, opponentShipsIndexes: {}, battlePlace: null });
  });
});
