import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, makeRules } from '../../../src/game';
import { placerNamed, playGame, shooterNamed } from '../../../src/bots';
import { type Challenge, isErrorAck } from '../../../src/protocol';
import { pageOf } from '../../support/people';
import { connectClient, newPlayer } from '../../support/players';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli, startCli } from './cli';

/*
 * `broadside play --bot --accept-challenges` (docs/cli.md, docs/engines.md "Bot accounts"): a bot
 * account online on /lobby takes the challenges it can play, declines the others with the
 * protocol's reason, and plays each accepted game to its end with its engine.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

const ENGINE = `${process.execPath} examples/engines/hunt.mjs`;
const ONLINE = /(\S+) is online and takes challenges/;

interface Report {
  mode: string;
  bot: boolean;
  games: number;
  wins: number;
  losses: number;
  declined: number;
  results: { slug: string; opponent: string; rules: string; won: boolean; winner: string; endReason: string }[];
}

describe('broadside play --bot --accept-challenges', () => {
  it('declines what it does not play, accepts a challenge by name and plays it to the end with its engine', async () => {
    const bot = startCli(
      argv`play --server ${server.url} --register --bot --accept-challenges --engine ${ENGINE} --accept-rules fleet=classic --accept-rules shots=salvo --games 1 --json`,
      ONLINE,
    );
    const [, botName = ''] = await bot.matched;
    const [ann, cy] = await Promise.all([newPlayer(server.url, 'ann'), newPlayer(server.url, 'cy')]);
    const [annPage, cyPage] = await Promise.all([pageOf(server.url, ann), pageOf(server.url, cy)]);
    const settled = (id: string) => (c: Challenge) => c.id === id && c.status !== 'pending';

    // Rules it was not told to play: declined, saying so.
    const russian = await annPage.people.challenge({ username: botName, rules: { fleet: 'russian' } });
    if (isErrorAck(russian)) throw new Error(`challenge refused: ${russian.error}`);
    expect(russian.to.title).toBe('BOT');
    expect(await annPage.next('challenge', settled(russian.id))).toMatchObject({ status: 'declined', reason: 'rules' });

    // Salvo with a 30-s turn clock: accepted, both seated in a new room under those rules.
    const salvo = await annPage.people.challenge({ username: botName, rules: { shots: 'salvo' }, turnSeconds: 30 });
    if (isErrorAck(salvo)) throw new Error(`challenge refused: ${salvo.error}`);
    const accepted = await annPage.next('challenge', settled(salvo.id));
    expect(accepted).toMatchObject({ status: 'accepted' });
    const slug = accepted.slug ?? '';

    // One game at a time: another player's challenge meanwhile is declined with "later".
    const meanwhile = await cyPage.people.challenge({ username: botName });
    if (isErrorAck(meanwhile)) throw new Error(`challenge refused: ${meanwhile.error}`);
    expect(await cyPage.next('challenge', settled(meanwhile.id))).toMatchObject({
      status: 'declined',
      reason: 'later',
    });

    const client = await connectClient(server.url, ann.token, slug);
    await client.joinRoom(slug);
    expect(client.state.match).toMatchObject({ rules: makeRules({ shots: 'salvo' }), turnSeconds: 30 });
    const outcome = await playGame(
      client,
      { userId: ann.id, shooter: shooterNamed('hunt'), placer: placerNamed('random'), rng: createRng(7) },
      { start: true, stepTimeoutMs: 20_000 },
    );
    client.close();
    annPage.close();
    cyPage.close();

    const done = await bot.done;
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`accepted ${ann.username}'s challenge (rules fleet=classic,touch=yes,shots=salvo`);
    const report = JSON.parse(done.stdout.trim().split('\n').pop() ?? '') as Report;
    expect(report).toMatchObject({ mode: 'challenges', bot: true, games: 1, declined: 2 });
    expect(report.results).toEqual([
      expect.objectContaining({
        slug,
        opponent: ann.username,
        rules: 'fleet=classic,touch=yes,shots=salvo,again=never',
      }),
    ]);
    expect(report.results[0]?.won).toBe(!outcome.won);
    expect(report.results[0]?.winner).toBe(outcome.winner.username);

    // The server agrees: the game was played to its end in that room.
    const room = await server.store.db.selectFrom('rooms').select('status').where('slug', '=', slug).executeTakeFirst();
    expect(room?.status).toBe('ENDED');
  }, 90_000);

  it('takes only bots with --challengers bots, and stops on SIGTERM while no game is on', async () => {
    const bot = startCli(
      argv`play --server ${server.url} --register --bot --accept-challenges --challengers bots --json`,
      ONLINE,
    );
    const [, botName = ''] = await bot.matched;
    const dee = await newPlayer(server.url, 'dee');
    const page = await pageOf(server.url, dee);
    const sent = await page.people.challenge({ username: botName });
    if (isErrorAck(sent)) throw new Error(`challenge refused: ${sent.error}`);
    expect(await page.next('challenge', (c) => c.id === sent.id && c.status !== 'pending')).toMatchObject({
      status: 'declined',
      reason: 'onlyBots',
    });
    page.close();
    bot.child.kill('SIGTERM');
    const done = await bot.done;
    expect(done.code, done.stderr).toBe(0);
    expect(JSON.parse(done.stdout.trim().split('\n').pop() ?? '')).toMatchObject({ games: 0, declined: 1 });
  }, 60_000);

  it('refuses --accept-challenges without --bot, and with a way to a room', async () => {
    const person = await runCli(argv`play --server ${server.url} --register --accept-challenges`);
    expect(person.code).not.toBe(0);
    expect(person.stderr).toContain('--accept-challenges goes with --bot');
    const both = await runCli(argv`play --server ${server.url} --register --bot --accept-challenges --create`);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toMatch(
      /--accept-challenges.*cannot be used with option '--create'|--create.*--accept-challenges/,
    );
    const stray = await runCli(argv`play --server ${server.url} --register --join calm-bay --accept-rules shots=salvo`);
    expect(stray.code).not.toBe(0);
    expect(stray.stderr).toContain('--accept-rules goes with --accept-challenges');
  });
});
