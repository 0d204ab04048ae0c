import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../../src/game';
import { type Bot, playGame, placerNamed, requestReplay, shooterNamed } from '../../../src/bots';
import { type ChatLine, type GameClient, QUICK_MESSAGES, TEXT_MAX } from '../../../src/protocol';
import { connectClient, newPlayer, type TestPlayer } from '../../support/players';
import { startTestServer, type TestServer } from '../../support/server';
import { argv, runCli, startCli } from './cli';

/*
 * `broadside play --greet ID --say TEXT` (docs/cli.md, "play"): the bot talks at the table once each
 * game starts. The other player is a real socket.io client (GameClient) playing with a bot of
 * src/bots, and reads what the CLI's bot said.
 */

let server: TestServer;
/** A server that lets an account say one line per minute: the second line is refused. */
let strict: TestServer;
beforeAll(async () => {
  [server, strict] = await Promise.all([
    startTestServer(),
    startTestServer({ config: { chatLinesPerWindow: 1, chatWindowSeconds: 60 } }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.dispose(), strict?.dispose()]);
});

/** A person in room `slug`: joins it, plays `games` games against the CLI's bot, and keeps every line heard. */
async function personPlays(
  url: string,
  slug: string,
  games: number,
): Promise<{ player: TestPlayer; heard: ChatLine[]; client: GameClient }> {
  const player = await newPlayer(url, 'person');
  const client = await connectClient(url, player.token, slug);
  const heard: ChatLine[] = [];
  client.subscribeChat((_lines, change) => {
    if (change.kind === 'line') heard.push(change.line);
  });
  expect(await client.joinRoom(slug)).toBe('UNSTARTED');
  const bot: Bot = {
    userId: player.id,
    shooter: shooterNamed('hunt'),
    placer: placerNamed('random'),
    rng: createRng(7),
  };
  try {
    for (let i = 0; i < games; i++) {
      if (i > 0) await requestReplay(client);
      await playGame(client, bot, { start: false, stepTimeoutMs: 30_000 });
    }
  } finally {
    client.close();
  }
  return { player, heard, client };
}

describe('broadside play --greet --say', () => {
  it('says the quick message and the line once each game starts; the other player reads both', async () => {
    const host = startCli(
      argv`play --server ${server.url} --register --create --greet good-luck --say ${'  gl hf \u200b ⚓ '} --games 2 --json`,
      /room (\S+) created/,
    );
    const [, slug] = await host.matched;
    const { heard } = await personPlays(server.url, slug ?? '', 2);
    const hosted = await host.done;
    expect(hosted.stderr).not.toMatch(/chat:/);
    expect(hosted.code).toBe(0);
    const report = JSON.parse(hosted.stdout.trim().split('\n').pop() ?? '') as { username: string; games: number };
    expect(report.games).toBe(2);
    // Twice (a game each), the quick message as its code (each reader sees it in their language),
    // then the line as the chat cleans it; nothing else from the bot.
    const fromBot = heard.filter((line) => line.from.username === report.username);
    expect(fromBot.map((line) => line.quick ?? line.text)).toEqual(['good-luck', 'gl hf ⚓', 'good-luck', 'gl hf ⚓']);
    expect(fromBot.every((line) => line.channel === 'players')).toBe(true);
    expect(new Set(fromBot.map((line) => line.id)).size).toBe(4);
  }, 90_000);

  it('reports a line the server refuses (its rate limit) on stderr and plays on', async () => {
    const host = startCli(
      argv`play --server ${strict.url} --register --create --greet hello --say ${'anyone up for a rematch later?'} --json`,
      /room (\S+) created/,
    );
    const [, slug] = await host.matched;
    const { heard } = await personPlays(strict.url, slug ?? '', 1);
    const hosted = await host.done;
    expect(hosted.code).toBe(0);
    expect(hosted.stderr).toMatch(
      /^game 1: chat: the server refused "anyone up for a rematch later\?": LIMIT_REACHED \(.*try again in \d+ s\)$/m,
    );
    const report = JSON.parse(hosted.stdout.trim().split('\n').pop() ?? '') as { games: number; username: string };
    expect(report.games).toBe(1);
    const fromBot = heard.filter((line) => line.from.username === report.username);
    expect(fromBot.map((line) => line.quick ?? line.text)).toEqual(['hello']);
  }, 90_000);

  it('refuses an unknown quick message, listing the valid ids with their words, before connecting', async () => {
    const run = await runCli(argv`play --server http://127.0.0.1:1 --register --create --greet insult`);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(
      `error: option '--greet <id>' argument 'insult' is invalid. unknown quick message "insult"; one of hello ("Hello!"), good-luck ("Good luck!"),`,
    );
    for (const id of QUICK_MESSAGES) expect(run.stderr).toContain(`${id} ("`);
  });

  it('refuses a line the chat would refuse (blank, too long), before connecting', async () => {
    const cases: [string, string][] = [
      ['\u200b \u3164', 'the message is empty once invisible characters are taken out'],
      ['x'.repeat(TEXT_MAX + 1), `the message is ${TEXT_MAX + 1} characters long, at most ${TEXT_MAX}`],
    ];
    for (const [text, reason] of cases) {
      const run = await runCli(argv`play --server http://127.0.0.1:1 --register --create --say ${text}`);
      expect(run.code, JSON.stringify(text).slice(0, 20)).toBe(1);
      expect(run.stderr).toBe(`error: option '--say <text>' argument '${text}' is invalid. ${reason}\n`);
    }
    // From the environment too.
    const fromEnv = await runCli(argv`play --server http://127.0.0.1:1 --register --create`, {
      env: { BROADSIDE_GREET: 'boo' },
    });
    expect(fromEnv.code).toBe(1);
    expect(fromEnv.stderr).toMatch(/unknown quick message "boo"; one of hello/);
  });
});
