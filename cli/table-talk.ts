import { InvalidArgumentError, Option } from 'commander';
import {
  type GameClient,
  isErrorAck,
  LineTextSchema,
  QUICK_MESSAGES,
  type QuickMessage,
  QuickMessageSchema,
} from '../src/protocol';
import { describeRefusal } from '../src/bots/refusal';
import { quickInEnglish } from '../src/protocol/quick-in-english';

/*
 * What a bot says at the table (docs/cli.md, "play"): `--greet <id>`, one of the chat's quick
 * messages, and `--say "<text>"`, a line of its own, each once every game has started. Both are
 * checked with the protocol's own schemas before anything is sent, so a line the server would
 * refuse for what it is (empty, too long, an unknown quick message) is refused up front; what
 * the server refuses for other reasons (its rate limit, a muted account) is told and the game
 * goes on.
 */

/** `hello ("Hello!"), good-luck ("Good luck!"), …`: the ids a user may give, with what each says. */
function quickList(): string {
  return QUICK_MESSAGES.map((id) => `${id} ("${quickInEnglish(id)}")`).join(', ');
}

/** Parses `--greet`: a quick message's id, or an error listing every id. */
export function quickArg(value: string): QuickMessage {
  const parsed = QuickMessageSchema.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError(`unknown quick message "${value}"; one of ${quickList()}`);
  return parsed.data;
}

/** Parses `--say`: the line as the chat will show it (cleaned), or the chat schema's reason it would be refused. */
export function lineArg(value: string): string {
  const parsed = LineTextSchema.safeParse(value);
  if (!parsed.success) throw new InvalidArgumentError(parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

export const sayOption = (): Option =>
  new Option('--say <text>', "say this line in the game's chat once each game starts (1 to 300 characters)")
    .env('BROADSIDE_SAY')
    .argParser(lineArg);

export const greetOption = (): Option =>
  new Option(
    '--greet <id>',
    `say a quick message once each game starts, shown in each reader's language: ${QUICK_MESSAGES.join(', ')}`,
  )
    .env('BROADSIDE_GREET')
    .argParser(quickArg);

/** What to say at the start of each game: the quick message first, then the line. */
export interface TableTalk {
  readonly greet?: QuickMessage;
  readonly say?: string;
}

/**
 * Says the greeting and the line in the room `client` has joined, one after the other; a line the
 * server refuses is passed to `warn` with its reason. Never rejects: the game goes on whatever the
 * chat answers.
 */
export async function talkAtTheTable(client: GameClient, talk: TableTalk, warn: (line: string) => void): Promise<void> {
  const lines: [string, () => ReturnType<GameClient['say']>][] = [];
  if (talk.greet !== undefined) {
    const greet = talk.greet;
    lines.push([`quick message ${greet}`, () => client.sayQuick(greet, quickInEnglish(greet))]);
  }
  if (talk.say !== undefined) {
    const say = talk.say;
    lines.push([JSON.stringify(say), () => client.say(say)]);
  }
  for (const [what, send] of lines) {
    try {
      const reply = await send();
      if (isErrorAck(reply)) warn(`chat: the server refused ${what}: ${describeRefusal(reply)}`);
    } catch (error) {
      warn(`chat: ${what} not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
