import { describe, expect, it } from 'vitest';
import { createRoom, register, takeSeat } from '../../cli/session';
import { type Bot, type GameOutcome, placerNamed, playGame, shooterNamed } from '../../src/bots';
import { createRng } from '../../src/game';
import { interopSkipReason } from '../support/original';
import { originalServerForSuite } from '../support/original-suite';

/*
 * The original server loses a fleet, refuses a placement it took, or gives both players the turn
 * when the two placements of a room meet there (docs/protocol.md, "Interoperability"). Bots of two
 * processes (`broadside play --create` and `--join`) cannot wait for each other as two bots of one
 * process do: here each pair plays without that, the second bot's placements sent a few
 * milliseconds late, a different lag per game, as two processes that saw PLACE_SHIPS a little apart.
 * Measured on the original: a lag of 0–3 ms lost a fleet, about 5 ms now and then gave a refusal and
 * both players the turn. This is the regression test of the whole game; the answers themselves are
 * replayed in tests/unit/bots/spec-placement.test.ts.
 */

const GAMES = 12;
const AT_ONCE = 3;

const skip = interopSkipReason();
if (skip) console.log(`SKIPPED ${skip}`);

describe.skipIf(skip !== null)('bots of two processes on the original server', () => {
  const suite = originalServerForSuite();

  /** One game between fresh accounts, the guest's placements `lagMs` late; both outcomes. */
  async function game(index: number, lagMs: number): Promise<[GameOutcome, GameOutcome]> {
    const [host, guest] = await Promise.all([
      register(suite.server.url, 'race_h'),
      register(suite.server.url, 'race_g'),
    ]);
    const slug = await createRoom(host);
    const hostClient = await takeSeat(suite.server.url, host, slug);
    const guestClient = await takeSeat(suite.server.url, guest, slug);
    const place = guestClient.placeShips.bind(guestClient);
    guestClient.placeShips = async (fleet) => {
      await new Promise((resolve) => setTimeout(resolve, lagMs));
      return place(fleet);
    };
    const bot = (userId: string, stream: number): Bot => ({
      userId,
      shooter: shooterNamed('hunt'),
      placer: placerNamed('random'),
      rng: createRng(index * 10 + stream),
    });
    try {
      return await Promise.all([
        playGame(hostClient, bot(host.userId, 1), { start: true, stepTimeoutMs: 20_000 }),
        playGame(guestClient, bot(guest.userId, 2), { start: false, stepTimeoutMs: 20_000 }),
      ]);
    } finally {
      hostClient.close();
      guestClient.close();
    }
  }

  it('every game ends with one winner who sank the whole fleet, whatever the lag between the placements', async () => {
    for (let first = 0; first < GAMES; first += AT_ONCE) {
      const round = Array.from({ length: AT_ONCE }, (_, i) => first + i);
      const outcomes = await Promise.all(round.map((index) => game(index, index % 7)));
      for (const [host, guest] of outcomes) {
        expect(host.won).not.toBe(guest.won);
        expect(host.winner).toEqual(guest.winner);
        // 17 cells in the classic fleet: a game won sooner was played against a fleet the server lost.
        expect(host.won ? host.shots : guest.shots).toBeGreaterThanOrEqual(17);
        expect(host.opponentShots).toBe(guest.shots);
      }
    }
    expect(suite.server.exited()).toBe(false);
  }, 170_000);
});
