import { Command, Option } from 'commander';
import { createRng, formatRules, type Rules } from '../../src/game';
import { type AcceptedGame, serveChallenges } from '../accept-challenges';
import { CHALLENGERS, type ChallengePolicy, type Challengers } from '../challenge-policy';
import {
  type Bot,
  type GameOutcome,
  gameSeed,
  placerNamed,
  playGame,
  requestReplay,
  shooterNamed,
} from '../../src/bots';
import type { BotLevel, GameClient, QuickMessage } from '../../src/protocol';
import { CliError } from '../errors';
import { type ClockOptions, withClockOptions } from '../engine/options';
import { type ServerEngineBot, serverEngineBot } from '../engine/server-bot';
import { computerRoom, type FoundRoom, parseLevel, quickMatch } from '../matchmaking';
import {
  gamesOption,
  placementOption,
  rulesArg,
  rulesOption,
  secondsOption,
  seedOption,
  serverOption,
  strategyOption,
  withReportOptions,
} from '../options';
import { createOutput, type Output } from '../output';
import { greetOption, sayOption, talkAtTheTable } from '../table-talk';
import { type Account, accountFrom, becomeBot, withAccountOptions, createRoom, takeSeat } from '../session';

interface PlayOptions extends ClockOptions {
  engine?: string;
  server: string;
  email?: string;
  password?: string;
  register?: boolean;
  create?: boolean;
  join?: string;
  vsComputer?: BotLevel;
  quick?: boolean;
  bot?: boolean;
  public?: boolean;
  acceptChallenges?: boolean;
  acceptRules?: Rules[];
  challengers: Challengers;
  strategy: string;
  placement: string;
  games: number;
  seed: number;
  rules: Rules;
  timeout: number;
  resignAfter?: number;
  turnSeconds?: 30 | 60;
  say?: string;
  greet?: QuickMessage;
  json: boolean;
  quiet: boolean;
}

export function playCommand(): Command {
  return withReportOptions(
    withAccountOptions(
      withClockOptions(new Command('play'))
        .description(
          'seat one bot in a room on a server (create one, join one, play the computer or find an opponent) and play one or more games',
        )
        .addOption(serverOption()),
    )
      .addOption(new Option('--create', 'create a room and wait for an opponent').conflicts('join'))
      .addOption(new Option('--join <slug>', 'join the room with this name').env('BROADSIDE_ROOM'))
      .addOption(
        new Option('--vs-computer <level>', "play the server's computer player: easy, medium or hard")
          .env('BROADSIDE_VS_COMPUTER')
          .argParser(parseLevel)
          .conflicts(['create', 'join']),
      )
      .addOption(
        new Option('--quick', 'find an opponent through the quick-match queue (Ctrl-C leaves it)')
          .env('BROADSIDE_QUICK')
          .conflicts(['create', 'join', 'vsComputer']),
      )
      .addOption(
        new Option(
          '--bot',
          'play as a bot account: upgrades the account for good (only one without rated games; docs/engines.md)',
        )
          .env('BROADSIDE_BOT')
          // Quick match is for people: a bot waits in a public room (--create --public).
          .conflicts('quick'),
      )
      .addOption(
        new Option('--public', 'with --create: list the room in Open games, where people pick an opponent').env(
          'BROADSIDE_PUBLIC',
        ),
      )
      .addOption(
        new Option(
          '--accept-challenges',
          'with --bot: stay online and play the challenges players send (until --games are played or Ctrl-C)',
        )
          .env('BROADSIDE_ACCEPT_CHALLENGES')
          .conflicts(['create', 'join', 'vsComputer', 'quick']),
      )
      .addOption(
        new Option(
          '--accept-rules <list>',
          'with --accept-challenges: a rule set the bot plays, in the --rules form; repeat it for several (default: any)',
        )
          .env('BROADSIDE_ACCEPT_RULES')
          .argParser((value: string, previous: Rules[] | undefined) => [...(previous ?? []), rulesArg(value)]),
      )
      .addOption(
        new Option('--challengers <who>', 'with --accept-challenges: whose challenges the bot takes')
          .env('BROADSIDE_CHALLENGERS')
          .choices(CHALLENGERS)
          .default('everyone'),
      )
      .addOption(strategyOption().env('BROADSIDE_STRATEGY'))
      .addOption(placementOption().env('BROADSIDE_PLACEMENT'))
      .addOption(
        new Option(
          '--engine <command>',
          'play with an engine speaking BEP instead of --strategy (docs/engines.md)',
        ).env('BROADSIDE_ENGINE'),
      )
      .addOption(sayOption())
      .addOption(greetOption())
      .addOption(gamesOption(1))
      .addOption(seedOption())
      .addOption(rulesOption())
      .addOption(secondsOption('--timeout <seconds>', 'longest wait for the opponent at any step', 300))
      .addOption(
        new Option('--resign-after <shots>', 'resign instead of firing shot N + 1 (for testers)').argParser((value) => {
          const n = Number(value);
          if (!Number.isInteger(n) || n < 0) throw new CliError(`--resign-after takes a whole number, got "${value}"`);
          return n;
        }),
      )
      .addOption(
        new Option('--turn-seconds <seconds>', 'with --create: a turn clock of 30 or 60 seconds per turn')
          .argParser((value) => {
            if (value !== '30' && value !== '60') throw new CliError(`--turn-seconds takes 30 or 60, got "${value}"`);
            return Number(value) as 30 | 60;
          })
          // The server makes computer and quick-match rooms itself, without a clock.
          .conflicts(['vsComputer', 'quick']),
      ),
    [
      'broadside play --register --create --strategy sampler',
      'broadside play --register --vs-computer hard --strategy density',
      'broadside play --register --quick --timeout 60',
      'broadside play --register --vs-computer hard --rules fleet=russian,shots=salvo',
      'broadside play --email bot@example.com --password secret --bot --create --public --engine "python3 bot.py" --games 10',
      'broadside play --email bot@example.com --password secret --bot --accept-challenges --engine "python3 bot.py"',
      'broadside play --email me@example.com --password secret --join brave-otter-42 --games 3',
      'broadside play --register --vs-computer easy --greet hello --say "gl hf"',
      'BROADSIDE_SERVER=https://broadside.example broadside play --register --join brave-otter-42 --json',
    ],
  ).action(async (options: PlayOptions, command: Command) => {
    if (options.acceptChallenges) return acceptChallenges(options, command);
    if (!options.create && !options.join && !options.vsComputer && !options.quick) {
      throw new CliError('give --create, --join SLUG, --vs-computer LEVEL, --quick, or --bot --accept-challenges');
    }
    for (const [given, name] of [
      [options.acceptRules, '--accept-rules'],
      [command.getOptionValueSource('challengers') === 'default' ? undefined : true, '--challengers'],
    ] as const) {
      if (given !== undefined) throw new CliError(`${name} goes with --accept-challenges`);
    }
    const out = createOutput(options);
    const rulesFrom = command.getOptionValueSource('rules');
    if (options.join && rulesFrom === 'cli') {
      // A room's rules are chosen when it is created; joining takes them as they are.
      throw new CliError(
        `--rules goes with --create, --vs-computer or --quick: room ${options.join} keeps the rules it was created with`,
      );
    }
    if (options.join && rulesFrom === 'env')
      out.info(`BROADSIDE_RULES ignored: room ${options.join} keeps its own rules`);
    const engine = options.engine ? serverEngineBot(options.engine, options) : null;
    const shooter = engine?.shooter ?? shooterNamed(options.strategy);
    const placer = engine?.placer ?? placerNamed(options.placement);
    if (options.public && !options.create) throw new CliError('--public goes with --create');
    const me = await accountFrom(options);
    if (options.bot) await becomeBot(me, (line) => out.info(line));
    const { slug, opponent } = await findRoom(options, me, out);
    const client = await takeSeat(options.server, me, slug);
    // Announced once seated, so an opponent who joins at once finds us in the room.
    if (options.create)
      out.info(`room ${slug} created; an opponent joins with: broadside play --register --join ${slug}`);
    const bot: Bot = { userId: me.userId, shooter, placer, rng: createRng(gameSeed(options.seed, 0, 20)) };
    const results: GameOutcome[] = [];
    try {
      for (let i = 0; i < options.games; i++) {
        if (i > 0) await requestReplay(client);
        results.push(await playAndTell(client, bot, engine, options, out, i + 1));
      }
    } finally {
      client.close();
      await engine?.close();
    }
    const wins = results.filter((r) => r.won).length;
    const rules = formatRules(client.state.match.rules);
    out.report([`${me.username} in room ${slug} (rules ${rules}): ${wins} won, ${results.length - wins} lost`]);
    out.result({
      slug,
      rules,
      username: me.username,
      bot: options.bot === true,
      mode: modeOf(options),
      level: options.vsComputer ?? null,
      opponent: opponent?.username ?? null,
      strategy: engine ? null : options.strategy,
      placement: engine ? null : options.placement,
      engine: options.engine ?? null,
      engineFaults: engine?.faults ?? [],
      games: results.length,
      wins,
      losses: results.length - wins,
      results: results.map((r) => ({
        won: r.won,
        winner: r.winner.username,
        shots: r.shots,
        opponentShots: r.opponentShots,
        endReason: r.endReason,
      })),
    });
  });
}

/** Plays one game in the room `client` has joined and says how it went. */
async function playAndTell(
  client: GameClient,
  bot: Bot,
  engine: ServerEngineBot | null,
  options: PlayOptions,
  out: Output,
  n: number,
): Promise<GameOutcome> {
  // What the bot says once the game has started (--greet, --say), while it places its fleet.
  let talked: Promise<void> = Promise.resolve();
  const talk = options.greet !== undefined || options.say !== undefined;
  const outcome = await playGame(client, bot, {
    start: true,
    stepTimeoutMs: options.timeout * 1000,
    resignAfter: options.resignAfter,
    onStarted: talk
      ? () => {
          talked = talkAtTheTable(client, options, (line) => out.warn(`game ${n}: ${line}`));
        }
      : undefined,
  });
  await talked;
  engine?.finish(outcome.won, outcome.endReason);
  const fault = engine?.faults.length ? engine.faults[engine.faults.length - 1] : null;
  if (fault && !outcome.won) out.info(`game ${n}: the engine resigned after a fault: ${fault}`);
  out.info(
    `game ${n}: ${outcome.won ? 'won' : `lost to ${outcome.winner.username}`}${howItEnded(outcome)} ` +
      `(${outcome.shots} shots fired, ${outcome.opponentShots} taken)`,
  );
  return outcome;
}

/**
 * `--bot --accept-challenges`: the bot account stays on /lobby and plays each challenge it takes
 * (cli/accept-challenges.ts), every game in the room the server made for it, until `--games` games
 * (when given) or Ctrl-C.
 */
async function acceptChallenges(options: PlayOptions, command: Command): Promise<void> {
  if (!options.bot) throw new CliError('--accept-challenges goes with --bot: only a bot account takes challenges');
  if (command.getOptionValueSource('rules') === 'cli')
    throw new CliError(
      '--rules goes with --create, --vs-computer or --quick; a bot taking challenges uses --accept-rules',
    );
  if (options.turnSeconds !== undefined) throw new CliError('--turn-seconds goes with --create');
  if (options.public) throw new CliError('--public goes with --create');
  const out = createOutput(options);
  const engine = options.engine ? serverEngineBot(options.engine, options) : null;
  const shooter = engine?.shooter ?? shooterNamed(options.strategy);
  const placer = engine?.placer ?? placerNamed(options.placement);
  const policy: ChallengePolicy = {
    rules: options.acceptRules ?? null,
    moveMs: engine ? options.time + options.timeMargin : 0,
    challengers: options.challengers,
  };
  const me = await accountFrom(options);
  await becomeBot(me, (line) => out.info(line));
  const results: { slug: string; opponent: string; rules: string; outcome: GameOutcome }[] = [];
  const play = async ({ slug, opponent, challenge }: AcceptedGame, n: number): Promise<void> => {
    const client = await takeSeat(options.server, me, slug);
    try {
      const bot: Bot = { userId: me.userId, shooter, placer, rng: createRng(gameSeed(options.seed, n - 1, 20)) };
      const outcome = await playAndTell(client, bot, engine, options, out, n);
      results.push({ slug, opponent: opponent.username, rules: formatRules(challenge.rules), outcome });
    } finally {
      client.close();
    }
  };
  const games = command.getOptionValueSource('games') === 'default' ? null : options.games;
  let served: { played: number; declined: number };
  try {
    served = await serveChallenges({
      server: options.server,
      account: me,
      policy,
      games,
      info: (l) => out.info(l),
      play,
    });
  } finally {
    await engine?.close();
  }
  const wins = results.filter((r) => r.outcome.won).length;
  out.report([
    `${me.username} took ${served.played} challenge(s) and declined ${served.declined}: ` +
      `${wins} won, ${results.length - wins} lost`,
  ]);
  out.result({
    slug: null,
    rules: null,
    username: me.username,
    bot: true,
    mode: 'challenges',
    level: null,
    opponent: null,
    strategy: engine ? null : options.strategy,
    placement: engine ? null : options.placement,
    engine: options.engine ?? null,
    engineFaults: engine?.faults ?? [],
    games: results.length,
    wins,
    losses: results.length - wins,
    declined: served.declined,
    results: results.map(({ slug, opponent, rules, outcome: r }) => ({
      slug,
      opponent,
      rules,
      won: r.won,
      winner: r.winner.username,
      shots: r.shots,
      opponentShots: r.opponentShots,
      endReason: r.endReason,
    })),
  });
}

type Mode = 'create' | 'join' | 'computer' | 'quick';

function modeOf(options: PlayOptions): Mode {
  if (options.vsComputer) return 'computer';
  if (options.quick) return 'quick';
  return options.join ? 'join' : 'create';
}

/** The room to play in, by whichever way the options chose; the opponent when it is known already. */
async function findRoom(
  options: PlayOptions,
  me: Account,
  out: Output,
): Promise<{ slug: string; opponent: FoundRoom['opponent'] | null }> {
  if (options.vsComputer) {
    const room = await computerRoom(me, options.vsComputer, options.rules);
    out.info(`room ${room.slug} created against ${room.opponent.username}`);
    return room;
  }
  if (options.quick) {
    const room = await quickMatch(options.server, me, {
      rules: options.rules,
      timeoutMs: options.timeout * 1000,
      info: (line) => out.info(line),
    });
    out.info(`matched with ${room.opponent.username} in room ${room.slug}`);
    return room;
  }
  if (options.join) return { slug: options.join, opponent: null };
  return {
    slug: await createRoom(me, options.turnSeconds ?? null, options.rules, { public: options.public === true }),
    opponent: null,
  };
}

/** " by resignation" and the like: what the end reason says, for the text report. */
function howItEnded(outcome: GameOutcome): string {
  const reasons = { SUNK: '', RESIGN: ' by resignation', FORFEIT: ' by forfeit', CLOCK: ' on the turn clock' } as const;
  return outcome.endReason === null ? '' : reasons[outcome.endReason];
}
