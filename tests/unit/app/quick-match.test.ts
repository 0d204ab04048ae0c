import { CLASSIC_RULES, makeRules } from '../../../src/game';
import { describe, expect, it } from 'vitest';
import { openGameRows } from '../../../src/app/session/open-games';
import {
  formatElapsed,
  IDLE,
  isSearching,
  nextQuickMatch,
  type QuickMatchEvent,
  type QuickMatchState,
  searchView,
} from '../../../src/app/session/quick-match';

function run(...events: QuickMatchEvent[]): QuickMatchState {
  return events.reduce(nextQuickMatch, IDLE);
}

/** The ack of findOpponent: joined the queue at `since`, the server's clock at `serverNow`. */
function searching(
  since: number,
  serverNow: number,
  receivedAt: number,
  offerComputerAfterMs = 30_000,
): QuickMatchEvent {
  return { type: 'searching', reply: { since, serverNow, offerComputerAfterMs }, receivedAt };
}

describe('formatElapsed', () => {
  it('reads m:ss, rounds down to the second and never goes negative', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(999)).toBe('0:00');
    expect(formatElapsed(1_000)).toBe('0:01');
    expect(formatElapsed(59_999)).toBe('0:59');
    expect(formatElapsed(60_000)).toBe('1:00');
    expect(formatElapsed(754_000)).toBe('12:34');
    expect(formatElapsed(-5_000)).toBe('0:00');
  });

  it('shows the hours from an hour on', () => {
    expect(formatElapsed(3_600_000)).toBe('1:00:00');
    expect(formatElapsed(3_600_000 + 5 * 60_000 + 7_000)).toBe('1:05:07');
  });
});

describe('quick match', () => {
  it('goes idle → joining → searching → found', () => {
    const joining = run({ type: 'find' });
    expect(joining).toEqual({ phase: 'joining' });
    expect(isSearching(joining)).toBe(true);
    const waiting = nextQuickMatch(joining, searching(1_000, 1_000, 1_000));
    expect(waiting).toMatchObject({ phase: 'searching', since: 1_000, offerAt: 31_000, offsetMs: 0 });
    expect(nextQuickMatch(waiting, { type: 'matchFound', slug: 'calm-reef-17' })).toEqual({
      phase: 'found',
      slug: 'calm-reef-17',
    });
  });

  it('counts the time waited on the server clock, whatever this clock says', () => {
    // The server is 2 minutes ahead of this browser; the player joined the queue 5 s before the ack.
    const state = run({ type: 'find' }, searching(200_000, 205_000, 85_000));
    expect(searchView(state, 85_000)).toEqual({ elapsedMs: 5_000, offerComputer: false });
    expect(searchView(state, 97_400)).toEqual({ elapsedMs: 17_400, offerComputer: false });
    // And behind: the same waiting time.
    const behind = run({ type: 'find' }, searching(200_000, 205_000, 325_000));
    expect(searchView(behind, 337_400)?.elapsedMs).toBe(17_400);
  });

  it('offers the computer once offerComputerAfterMs has passed since the wait began, and keeps searching', () => {
    const state = run({ type: 'find' }, searching(10_000, 10_000, 10_000, 30_000));
    expect(searchView(state, 39_999)?.offerComputer).toBe(false);
    expect(searchView(state, 40_000)?.offerComputer).toBe(true);
    expect(searchView(state, 100_000)).toEqual({ elapsedMs: 90_000, offerComputer: true });
    // Offering changes nothing by itself: a match can still come.
    expect(nextQuickMatch(state, { type: 'matchFound', slug: 'x' }).phase).toBe('found');
    // A zero delay offers it at once.
    expect(searchView(run({ type: 'find' }, searching(5, 5, 5, 0)), 5)?.offerComputer).toBe(true);
  });

  it('shows 0:00 and no offer while the ack is on its way, nothing when idle', () => {
    expect(searchView(run({ type: 'find' }), 123)).toEqual({ elapsedMs: 0, offerComputer: false });
    expect(searchView(IDLE, 123)).toBeNull();
  });

  it('cancel leaves the queue: leaving, then idle once the server answered', () => {
    const leaving = run({ type: 'find' }, searching(0, 0, 0), { type: 'cancel' });
    expect(leaving).toEqual({ phase: 'leaving', next: 'idle' });
    expect(isSearching(leaving)).toBe(true);
    expect(searchView(leaving, 1_000)).toBeNull();
    expect(nextQuickMatch(leaving, { type: 'left' })).toEqual(IDLE);
    // Cancel also works before the ack came back.
    expect(run({ type: 'find' }, { type: 'cancel' })).toEqual({ phase: 'leaving', next: 'idle' });
  });

  it('accepting the computer leaves the queue, only while searching', () => {
    const state = run({ type: 'find' }, searching(0, 0, 0), { type: 'acceptComputer' });
    expect(state).toEqual({ phase: 'leaving', next: 'computer' });
    expect(run({ type: 'acceptComputer' })).toEqual(IDLE);
    expect(run({ type: 'find' }, { type: 'acceptComputer' })).toEqual({ phase: 'joining' });
  });

  it('a match that arrives while leaving wins: the opponent is already seated', () => {
    const state = run(
      { type: 'find' },
      searching(0, 0, 0),
      { type: 'acceptComputer' },
      { type: 'matchFound', slug: 's' },
    );
    expect(state).toEqual({ phase: 'found', slug: 's' });
    // The cancel's answer coming later changes nothing.
    expect(nextQuickMatch(state, { type: 'left' })).toEqual(state);
  });

  it("ignores another tab's match when this page is not searching, and a stray ack", () => {
    expect(run({ type: 'matchFound', slug: 's' })).toEqual(IDLE);
    expect(run(searching(0, 0, 0))).toEqual(IDLE);
    expect(run({ type: 'left' })).toEqual(IDLE);
  });

  it('a refused search goes back to idle; find while already searching changes nothing', () => {
    expect(run({ type: 'find' }, { type: 'failed' })).toEqual(IDLE);
    const state = run({ type: 'find' }, searching(0, 0, 0));
    expect(nextQuickMatch(state, { type: 'find' })).toBe(state);
    expect(nextQuickMatch(state, { type: 'reset' })).toEqual(IDLE);
  });

  it('asking again after a reconnect takes the server’s new times', () => {
    const state = run({ type: 'find' }, searching(0, 0, 0), searching(50_000, 50_000, 50_000));
    expect(state).toMatchObject({ since: 50_000, offerAt: 80_000 });
  });
});

const SALVO = makeRules({ shots: 'salvo' });

describe('open games', () => {
  const games = [
    { slug: 'b', host: { userId: 'u-bob', username: 'bob' }, since: 90_000, rules: SALVO },
    { slug: 'a', host: { userId: 'u-ann', username: 'ann' }, since: 30_000 },
  ];

  it('keeps the server order, marks the own room and counts the waiting time on the server clock', () => {
    expect(openGameRows(games, 'u-ann', 100_000, 0)).toEqual([
      { slug: 'b', host: 'bob', hostTitle: null, mine: false, waitingMs: 10_000, rules: SALVO },
      // A server that does not say plays the classic game.
      { slug: 'a', host: 'ann', hostTitle: null, mine: true, waitingMs: 70_000, rules: CLASSIC_RULES },
    ]);
    // A bot account waiting for a person keeps its title, for the BOT badge.
    const bot = { ...games[0], host: { userId: 'u-bot', username: 'hunter', title: 'BOT' as const } };
    expect(openGameRows([bot as (typeof games)[number]], null, 100_000, 0)[0]?.hostTitle).toBe('BOT');
    // This clock 5 s behind the server's.
    expect(openGameRows(games, null, 95_000, 5_000).map((r) => r.waitingMs)).toEqual([10_000, 70_000]);
    expect(openGameRows(games, null, 95_000, 5_000).some((r) => r.mine)).toBe(false);
  });

  it('never shows a negative wait (a clock ahead of the server)', () => {
    expect(openGameRows(games, 'x', 80_000, 0)[0]?.waitingMs).toBe(0);
  });
});
