import { describe, expect, it } from 'vitest';
import {
  fleetLine,
  goLine,
  newGameLine,
  parseFleet,
  parseMove,
  parseOption,
  placementCells,
} from '../../../cli/engine/bep';
import { LineSplitter } from '../../../cli/engine/lines';
import { parseEngineSpec, parseStrategySpec, uniqueNames } from '../../../cli/engine/participant';
import { pairings, schedule } from '../../../cli/tournament/schedule';
import { tally } from '../../../cli/tournament/tally';
import { CLASSIC_RULES, makeRules } from '../../../src/game';

describe('BEP lines', () => {
  it('writes newgame with the rules and go with the salvo size', () => {
    expect(newGameLine('7', CLASSIC_RULES, 42)).toBe(
      'newgame 7 size 10 fleet 5,4,3,3,2 touch yes shots one again never seed 42',
    );
    expect(newGameLine('x', makeRules({ fleet: 'russian', shots: 'salvo', again: 'hit' }), 1)).toBe(
      'newgame x size 10 fleet 4,3,3,2,2,2,1,1,1,1 touch no shots salvo again hit seed 1',
    );
    expect(goLine(500, 1)).toBe('go time 500');
    expect(goLine(500, 3)).toBe('go time 500 shots 3');
  });

  it('reads moves: fire, salvo, resign; refuses malformed and off-board cells', () => {
    expect(parseMove('fire 3 4', 1)).toEqual({ ok: true, value: [{ x: 3, y: 4 }] });
    expect(parseMove('fire 0 0 9 9', 2)).toEqual({
      ok: true,
      value: [
        { x: 0, y: 0 },
        { x: 9, y: 9 },
      ],
    });
    expect(parseMove('resign', 1)).toEqual({ ok: true, value: 'resign' });
    for (const bad of ['fire 3', 'fire 3 4 5', 'fire a b', 'fire -1 2', 'fire 1.5 2', 'fire 03 4', 'shoot 1 1'])
      expect(parseMove(bad, 1).ok).toBe(false);
    expect(parseMove('fire 10 0', 1)).toEqual({ ok: false, error: '10 0 is off the 10×10 board' });
    expect(parseMove('fire 1 1', 2).ok).toBe(false);
  });

  it('reads fleets and turns them into cells; writes them back', () => {
    const parsed = parseFleet('fleet 0,0,h 0,1,h 0,2,v 5,5,v 9,0,v', 5);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const cells = placementCells(parsed.value, [5, 4, 3, 3, 2]);
    expect(cells[0]).toHaveLength(5);
    expect(cells[2]).toEqual([
      { x: 0, y: 2 },
      { x: 0, y: 3 },
      { x: 0, y: 4 },
    ]);
    expect(fleetLine(cells)).toBe('fleet 0,0,h 0,1,h 0,2,v 5,5,v 9,0,v');
    expect(parseFleet('fleet 0,0,h', 5).ok).toBe(false);
    expect(parseFleet('fleet 0,0,x 0,1,h 0,2,v 5,5,v 9,0,v', 5).ok).toBe(false);
  });

  it('reads options', () => {
    expect(parseOption('option name Depth type spin default 3 min 1 max 9')).toEqual({
      ok: true,
      value: { name: 'Depth', type: 'spin', default: '3', min: 1, max: 9 },
    });
    expect(parseOption('option name Parity type check default true').ok).toBe(true);
    expect(parseOption('option name Depth type spin default 3').ok).toBe(false);
    expect(parseOption('option name X type check default maybe').ok).toBe(false);
  });
});

describe('LineSplitter', () => {
  it('splits chunks into lines, strips \\r and refuses overlong lines without keeping them', () => {
    const lines: string[] = [];
    const overflows: number[] = [];
    const s = new LineSplitter(
      10,
      (l) => lines.push(l),
      (n) => overflows.push(n),
    );
    s.push('ab');
    s.push('c\r\nde\nf');
    s.push(`${'x'.repeat(30)}`);
    s.push('yyy\nok\n');
    s.flush();
    expect(lines).toEqual(['abc', 'de', 'ok']);
    expect(overflows).toHaveLength(1);
  });
});

describe('participants', () => {
  it('names engines after NAME= or their program, strategies after their name', () => {
    expect(parseEngineSpec('py=python3 bot.py')).toEqual({ kind: 'engine', name: 'py', command: 'python3 bot.py' });
    expect(parseEngineSpec('python3 examples/engines/hunt.py --fast').name).toBe('hunt.py');
    expect(parseStrategySpec('density')).toEqual({
      kind: 'builtin',
      name: 'density',
      shooter: 'density',
      placer: 'random',
    });
    expect(parseStrategySpec('./bots/mine.mjs')).toMatchObject({ kind: 'module', name: 'mine' });
    expect(() => parseStrategySpec('nope')).toThrow(/unknown shot strategy/);
    const named = uniqueNames([parseStrategySpec('hunt'), parseStrategySpec('hunt')]);
    expect(named.map((p) => p.name)).toEqual(['hunt', 'hunt#2']);
  });
});

describe('tournament schedule and tally', () => {
  const config = {
    participants: ['a', 'b', 'c'].map((name) => parseStrategySpec(`${name}=random`)),
    gauntlet: false,
    pairs: 2,
    seed: 1,
    rules: CLASSIC_RULES,
    fleets: 'seeded' as const,
    clock: { timeMs: 100, marginMs: 100 },
    timeouts: { handshakeMs: 100, readyMs: 100 },
  };

  it('pairs every two participants (round robin) or the first with each other (gauntlet)', () => {
    expect(pairings(3, false)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(pairings(4, true)).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
  });

  it('plays each pair on the same two fleets with the seats swapped', () => {
    const tasks = schedule(config);
    expect(tasks).toHaveLength(12);
    const [first, second] = tasks;
    expect(first?.seats).toEqual([0, 1]);
    expect(second?.seats).toEqual([1, 0]);
    expect(second?.fleetSeeds).toEqual(first?.fleetSeeds);
    expect(new Set(tasks.map((t) => t.index)).size).toBe(12);
    expect(new Set(tasks.map((t) => t.fleetSeeds[0])).size).toBe(6);
  });

  it('counts wins, end reasons, pairs and the crosstable', () => {
    const tasks = schedule({ ...config, participants: config.participants.slice(0, 2) });
    const games = tasks.slice(0, 4).map((t, i) => ({
      index: t.index,
      id: t.id,
      pairing: t.pairing,
      pair: t.pair,
      leg: t.leg,
      seats: t.seats,
      // pair 1: a wins both; pair 2: split, b's loss a timeout
      winner: i === 3 ? 1 : 0,
      reason: i === 2 ? ('timeout' as const) : ('sunk' as const),
      detail: '',
      shots: [50, 50] as const,
      ms: 1,
      info: [[], []] as const,
    }));
    const s = tally(['a', 'b'], false, games, { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(s.participants[0]).toMatchObject({ games: 4, wins: 3, losses: 1 });
    expect(s.participants[1]?.lossReasons.timeout).toBe(1);
    expect(s.pairings[0]?.pairs).toEqual({ bothWon: 1, split: 1, bothLost: 0 });
    expect(s.crosstable.wins[0]?.[1]).toBe(3);
    expect(s.eloDiff?.los).toBeGreaterThan(0.5);
    expect(s.sprt?.result).toBe('none');
  });
});
