import { describe, expect, it } from 'vitest';
import { emptyGrid, type Grid, shotStats } from '../../../src/game';
import { clockOffset, msLeft, nextClockOffset, secondsLeft } from '../../../src/app/session/clock';
import { endSummary } from '../../../src/app/session/end-summary';
import { awayOpponent, departedMembers, presenceOf } from '../../../src/app/session/presence';
import { nextHold } from '../../../src/app/stores/rematch-hold';

/** A grid from rows of cell codes, '.' for E. */
function grid(...rows: string[]): Grid {
  const g = emptyGrid();
  rows.forEach((row, y) => {
    [...row].forEach((code, x) => {
      const line = g[y];
      if (line && code !== '.') line[x] = code as Grid[number][number];
    });
  });
  return g;
}

describe('clock', () => {
  it('reads a deadline on the server clock, whatever this clock says', () => {
    // The server is 5 s ahead: a deadline 30 s after its "now" is 30 s away here too.
    const offset = clockOffset(105_000, 100_000);
    expect(offset).toBe(5_000);
    expect(msLeft(135_000, 100_000, offset)).toBe(30_000);
    expect(secondsLeft(135_000, 100_000, offset)).toBe(30);
    // And behind: the same works with a negative offset.
    expect(secondsLeft(95_000 + 60_000, 100_000, clockOffset(95_000, 100_000))).toBe(60);
  });

  it('keeps the sample that travelled fastest: transit time only ever lowers a sample', () => {
    // True offset +5 s; messages took 40 ms, then 900 ms (a loaded moment), then 10 ms.
    let offset = nextClockOffset(null, 105_000, 100_040);
    expect(offset).toBe(4_960);
    offset = nextClockOffset(offset, 106_000, 101_900);
    expect(offset).toBe(4_960);
    offset = nextClockOffset(offset, 107_000, 102_010);
    expect(offset).toBe(4_990);
  });

  it('rounds up, so the count reads 60 … 1 and only the deadline itself reads 0', () => {
    expect(secondsLeft(60_000, 800, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_600, 0)).toBe(1);
    expect(secondsLeft(60_000, 60_000, 0)).toBe(0);
    expect(secondsLeft(60_000, 75_000, 0)).toBe(0);
    expect(msLeft(60_000, 75_000, 0)).toBe(0);
  });
});

describe('shot statistics from a grid', () => {
  it('counts misses, hits and sunk cells; ships and water never shot are not shots', () => {
    const stats = shotStats(grid('SSHSS.M...', 'M.......DD', '..M.......'));
    expect(stats).toEqual({ shots: 6, hits: 3, accuracy: 0.5 });
  });

  it('has no accuracy before the first shot', () => {
    expect(shotStats(emptyGrid())).toEqual({ shots: 0, hits: 0, accuracy: null });
    expect(shotStats(grid('SSSSS')).accuracy).toBeNull();
  });

  it('a perfect game is 100%', () => {
    expect(shotStats(grid('DDDDD', 'DDDD.', 'DDD..', 'DDD..', 'DD...'))).toEqual({ shots: 17, hits: 17, accuracy: 1 });
  });
});

describe('end summary', () => {
  const members = [
    { userId: 'a', username: 'alice' },
    { userId: 'b', username: 'bob' },
  ];
  const base = {
    members,
    endReason: 'RESIGN' as const,
    winner: { userId: 'a', username: 'alice' },
    // alice's grid took 2 misses and 1 hit from bob; bob's grid took 3 hits and 1 miss from alice.
    playerBoats: grid('MMH'),
    opponentBoats: grid('DDM', 'H'),
  };

  it("tells the winner, the reason, the opponent and each side's shooting", () => {
    expect(endSummary({ ...base, userId: 'a' })).toEqual({
      outcome: 'won',
      reason: 'RESIGN',
      opponent: 'bob',
      mine: { shots: 4, hits: 3, accuracy: 0.75 },
      theirs: { shots: 3, hits: 1, accuracy: 1 / 3 },
    });
  });

  it('the loser reads "lost" with the same reason', () => {
    const summary = endSummary({ ...base, userId: 'b', endReason: 'CLOCK' });
    expect(summary?.outcome).toBe('lost');
    expect(summary?.reason).toBe('CLOCK');
    expect(summary?.opponent).toBe('alice');
  });

  it('says nothing without a winner, and no reason from a server that gives none', () => {
    expect(endSummary({ ...base, userId: 'a', winner: null })).toBeNull();
    expect(endSummary({ ...base, userId: 'a', endReason: null })?.reason).toBeNull();
  });
});

describe('presence', () => {
  const alice = { userId: 'a', username: 'alice', socketId: 's1', hasToPlay: true, connected: true, awayUntil: null };
  const bob = { userId: 'b', username: 'bob', socketId: null, hasToPlay: false, connected: false, awayUntil: 90_000 };

  it('lists this player first, each with its connection state', () => {
    expect(presenceOf([bob, alice], 'a')).toEqual([
      { userId: 'a', username: 'alice', me: true, connected: true, hasToPlay: true, bot: false, title: null },
      { userId: 'b', username: 'bob', me: false, connected: false, hasToPlay: false, bot: false, title: null },
    ]);
  });

  it('carries a bot account’s title, for its BOT badge (docs/engines.md, "Bot accounts")', () => {
    const [, engine] = presenceOf([alice, { ...bob, title: 'BOT' }], 'a');
    expect(engine).toMatchObject({ userId: 'b', title: 'BOT', bot: false });
  });

  it('reads presence from the socket id when the server sends no connected flag (SPEC server)', () => {
    const spec = { userId: 'b', username: 'bob', socketId: 'x', hasToPlay: false };
    expect(presenceOf([spec], 'a')[0]?.connected).toBe(true);
    expect(presenceOf([{ ...spec, socketId: null }], 'a')[0]?.connected).toBe(false);
  });

  it('counts a computer player, which has no socket, as always there', () => {
    const computer = {
      userId: 'bot-easy',
      username: 'Computer (Easy)',
      socketId: null,
      hasToPlay: false,
      connected: false,
      awayUntil: null,
      bot: 'easy',
    };
    expect(presenceOf([alice, computer], 'a')[1]).toMatchObject({ connected: true, bot: true });
    expect(awayOpponent([alice, { ...computer, awayUntil: 90_000 }], 'a', 'PLAY')).toBeNull();
  });

  it('names the opponent whose forfeit deadline runs, in PLAY only', () => {
    expect(awayOpponent([alice, bob], 'a', 'PLAY')).toEqual({ username: 'bob', awayUntil: 90_000 });
    expect(awayOpponent([alice, bob], 'a', 'PLACE_SHIPS')).toBeNull();
    expect(awayOpponent([alice, { ...bob, connected: true, awayUntil: null }], 'a', 'PLAY')).toBeNull();
    expect(awayOpponent([alice, { ...bob, awayUntil: null }], 'a', 'PLAY')).toBeNull();
    // The away player does not see a countdown about the other one.
    expect(awayOpponent([alice, bob], 'b', 'PLAY')).toBeNull();
  });

  it('tells who left the lobby, never this player', () => {
    expect(departedMembers([alice, bob], [alice], 'a')).toEqual(['bob']);
    expect(departedMembers([alice, bob], [bob], 'a')).toEqual([]);
    expect(departedMembers([alice], [alice, bob], 'a')).toEqual([]);
  });
});

describe('rematch hold', () => {
  const bob = { userId: 'b', username: 'bob' };
  const step = {
    shown: 'ENDED' as const,
    incoming: 'new round #1',
    incomingStatus: 'PLACE_SHIPS' as const,
    rematchBy: null,
    hold: null,
    askedReplay: false,
    selfId: 'a',
  };

  it("holds the next round back when the opponent's replay ends the round on screen", () => {
    expect(nextHold(step)).toEqual({ by: null, latest: 'new round #1' });
  });

  it("does not hold this player's own replay, even one sent from another tab", () => {
    expect(nextHold({ ...step, askedReplay: true })).toBeNull();
    const hold = nextHold(step);
    expect(nextHold({ ...step, hold, rematchBy: { userId: 'a', username: 'alice' } })).toBeNull();
  });

  it('keeps the newest state and learns who asked while the hold lasts', () => {
    const hold = nextHold(step);
    const next = nextHold({ ...step, shown: 'ENDED', hold, incoming: 'new round #2', rematchBy: bob });
    expect(next).toEqual({ by: bob, latest: 'new round #2' });
    // A later frame without rematchBy keeps the name.
    expect(nextHold({ ...step, hold: next, incoming: 'new round #3' })).toEqual({ by: bob, latest: 'new round #3' });
  });

  it('starts as well from a match that names the opponent as replaying, before the new status', () => {
    const hold = nextHold({ ...step, incomingStatus: 'ENDED', rematchBy: bob });
    expect(hold).toEqual({ by: bob, latest: 'new round #1' });
    expect(nextHold({ ...step, hold, incoming: 'new round #2' })).toEqual({ by: bob, latest: 'new round #2' });
  });

  it('ends when the server leaves placement, and never starts outside the end of a round', () => {
    const hold = nextHold(step);
    expect(nextHold({ ...step, hold, incomingStatus: 'PLAY' })).toBeNull();
    expect(nextHold({ ...step, hold, incomingStatus: 'UNSTARTED' })).toBeNull();
    expect(nextHold({ ...step, shown: 'PLACE_SHIPS' })).toBeNull();
    expect(nextHold({ ...step, shown: null })).toBeNull();
    // An end without a rematch (e.g. the match of the end itself) is shown.
    expect(nextHold({ ...step, incomingStatus: 'ENDED' })).toBeNull();
  });
});
