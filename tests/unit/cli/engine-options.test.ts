import { Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { participantCollector } from '../../../cli/engine/options';
import { checkGivenOptions, describeOptions, optionError } from '../../../cli/engine/preflight';
import type { EngineOption } from '../../../cli/engine/bep';

/** The participants a command line gives, through commander as `tournament` parses them. */
function parse(args: string[]) {
  const participants = participantCollector();
  const command = new Command('t')
    .exitOverride()
    .configureOutput({ writeErr: () => {} })
    .addOption(new Option('--engine <command...>').argParser(participants.engine))
    .addOption(new Option('--strategy <name>').argParser(participants.strategy))
    .action(() => {});
  command.parse(args, { from: 'user' });
  return participants.list;
}

const OPTIONS: EngineOption[] = [
  { name: 'Parity', type: 'check', default: 'true' },
  { name: 'Depth', type: 'spin', default: '3', min: 1, max: 9 },
  { name: 'Style', type: 'string', default: '' },
];

describe('engine options on the command line', () => {
  it('gives each engine the option.NAME=VALUE words after its command, in command-line order', () => {
    const list = parse([
      '--engine',
      'new=./bot',
      'option.Depth=5',
      'option.Style=wild',
      '--strategy',
      'hunt',
      '--engine',
      'old=./bot-v1',
      'option.Depth=3',
    ]);
    expect(list.map((p) => p.name)).toEqual(['new', 'hunt', 'old']);
    expect(list[0]).toMatchObject({ kind: 'engine', options: { Depth: '5', Style: 'wild' } });
    expect(list[2]).toMatchObject({ kind: 'engine', options: { Depth: '3' } });
  });

  it('refuses an option with no engine before it and an unquoted command', () => {
    expect(() => parse(['--engine', 'option.Depth=5'])).toThrow(/belongs after an --engine/);
    expect(() => parse(['--engine', 'python3', 'bot.py'])).toThrow(/goes in quotes/);
  });

  it('checks given values against what the engine advertises', () => {
    expect(describeOptions(OPTIONS)).toBe(
      'Parity check default true, Depth spin 1..9 default 3, Style string default ""',
    );
    expect(optionError(OPTIONS[1] as EngineOption, '10')).toMatch(/from 1 to 9/);
    expect(optionError(OPTIONS[1] as EngineOption, '2.5')).toMatch(/whole number/);
    expect(optionError(OPTIONS[0] as EngineOption, 'yes')).toMatch(/true or false/);
    expect(checkGivenOptions('bot', OPTIONS, { Depth: '4', Parity: 'false', Style: 'x' })).toEqual([]);
    expect(checkGivenOptions('bot', OPTIONS, { Hash: '64' })).toEqual([
      'bot advertises no option Hash (it has: Parity check default true, Depth spin 1..9 default 3, Style string default "")',
    ]);
  });
});
