import { describe, expect, it } from 'vitest';
import { engineNameOf, isBareInterpreter, shellWords } from '../../../cli/engine/engine-name';
import { parseEngineSpec } from '../../../cli/engine/participant';

describe('shell words', () => {
  it('splits as a shell does: quotes keep spaces, a backslash escapes', () => {
    expect(shellWords(`python3 "my bot.py" --name 'a b' c\\ d`)).toEqual([
      'python3',
      'my bot.py',
      '--name',
      'a b',
      'c d',
    ]);
    expect(shellWords(`say "a \\"quoted\\" word" ''`)).toEqual(['say', 'a "quoted" word', '']);
  });
});

describe('engine names from the program run', () => {
  it.each([
    ['env -u X python3 bot.py', 'bot.py'],
    ['env -i PATH=/bin VAR=1 python3 -u bots/mine.py', 'mine.py'],
    ['python3 -u examples/engines/hunt.py', 'hunt.py'],
    ['node --import tsx examples/engines/hunt.mjs', 'hunt.mjs'],
    ['./my-bot --fast', 'my-bot'],
    ['cd bots && ./mine', 'mine'],
    ['FOO=1 ./x', 'x'],
    ['timeout 60 nice -n 5 ./engine', 'engine'],
    ['java -jar target/bot.jar', 'bot.jar'],
    ['python3 -m mybot', 'mybot'],
    ['sh -c "python3 bots/a.py"', 'a.py'],
    ['deno run --allow-all bot.ts', 'bot.ts'],
    ['npx tsx bot.ts', 'bot.ts'],
    ['uv run bot.py', 'bot.py'],
    ['/usr/bin/python3.12 "my bot.py"', 'my bot.py'],
  ])('%s → %s', (command, name) => {
    expect(engineNameOf(command)).toBe(name);
  });

  it('names an engine NAME= gives, and refuses an interpreter alone (an unquoted command)', () => {
    expect(parseEngineSpec('new=env -u X python3 bot.py')).toMatchObject({
      name: 'new',
      command: 'env -u X python3 bot.py',
    });
    expect(isBareInterpreter('python3')).toBe(true);
    expect(isBareInterpreter('python3 bot.py')).toBe(false);
    expect(() => parseEngineSpec('python3')).toThrow(/goes in quotes/);
  });
});
