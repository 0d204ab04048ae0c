import { type Command, InvalidArgumentError, Option } from 'commander';
import { integer } from '../options';
import { DEFAULT_TIMEOUTS, type EngineTimeouts } from './engine-seat';
import { type Participant, parseEngineSpec, parseOptionWord, parseStrategySpec, withOptionWord } from './participant';
import type { Clock } from './seat';

/** `--rules fleet=…,touch=…,shots=…,again=…`, one parser for every command (cli/options.ts). */
export { rulesArg } from '../options';

/** The referee's clock and deadlines, shared by every command that runs engines. */
export function withClockOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--time <ms>', 'time per move (place or go) given to each engine').default(1000).argParser(integer(1)),
    )
    .addOption(
      new Option('--time-margin <ms>', 'a move later than --time plus this margin loses by timeout')
        .default(100)
        .argParser(integer(0)),
    )
    .addOption(
      new Option('--handshake-time <ms>', 'from start to "bepok"')
        .default(DEFAULT_TIMEOUTS.handshakeMs)
        .argParser(integer(1)),
    )
    .addOption(
      new Option('--ready-time <ms>', 'from "isready" to "readyok"')
        .default(DEFAULT_TIMEOUTS.readyMs)
        .argParser(integer(1)),
    );
}

export interface ClockOptions {
  time: number;
  timeMargin: number;
  handshakeTime: number;
  readyTime: number;
}

export const clockOf = (o: ClockOptions): Clock => ({ timeMs: o.time, marginMs: o.timeMargin });
export const timeoutsOf = (o: ClockOptions): EngineTimeouts => ({ handshakeMs: o.handshakeTime, readyMs: o.readyTime });

/**
 * Collects `--engine` and `--strategy` into one list in command-line order (commander calls the
 * parsers in that order), so the first participant is the first named. `--engine` is variadic:
 * the words after its command are `option.NAME=VALUE` of that engine (docs/engines.md, "Engine
 * options").
 */
export function participantCollector(): {
  list: Participant[];
  engine: (value: string, previous: unknown) => Participant[];
  strategy: (value: string, previous: unknown) => Participant[];
} {
  const list: Participant[] = [];
  const wrap = (parse: (v: string) => Participant) => (value: string) => {
    try {
      list.push(parse(value));
    } catch (error) {
      throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
    }
    return list;
  };
  const engine = (value: string): Participant[] => {
    try {
      if (parseOptionWord(value)) list.push(withOptionWord(list.pop(), value));
      else list.push(parseEngineSpec(value));
    } catch (error) {
      throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
    }
    return list;
  };
  return { list, engine, strategy: wrap((v) => parseStrategySpec(v)) };
}
