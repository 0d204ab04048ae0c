import { basename } from 'node:path';

/**
 * The words of a shell command line as the shell would split them: white space separates, single
 * quotes keep everything, double quotes keep all but `\"` and `\\`, a backslash outside quotes
 * escapes the next character. Enough to find the program in `env -u X python3 "my bot.py"`; the
 * command itself always runs through the shell, as typed.
 */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i] ?? '';
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else if (c === '\\' && (command[i + 1] === '"' || command[i + 1] === '\\')) word += command[++i] ?? '';
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\') {
      word += command[++i] ?? '';
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

/** Separators after which a new command starts: `cd bots && ./mine` is named after `./mine`. */
const SEPARATORS = new Set(['&&', '||', ';', '|']);

/** Programs that run another one: their options are skipped, then what they run is looked at. */
const WRAPPERS: Readonly<Record<string, { readonly valued: readonly string[]; readonly positional?: number }>> = {
  env: { valued: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string'] },
  nice: { valued: ['-n', '--adjustment'] },
  nohup: { valued: [] },
  exec: { valued: ['-a'] },
  time: { valued: ['-f', '--format', '-o', '--output'] },
  command: { valued: [] },
  stdbuf: { valued: ['-i', '-o', '-e'] },
  timeout: { valued: ['-k', '--kill-after', '-s', '--signal'], positional: 1 },
  taskset: { valued: [], positional: 1 },
  chrt: { valued: [], positional: 1 },
};

/**
 * Interpreters and launchers: the script or module they are given names the engine. `valued` are
 * options that take the next word; `module` are options whose value is itself the program
 * (`python3 -m mybot`, `java -jar bot.jar`); `sub` are sub-commands skipped (`deno run`, `uv run`).
 */
const INTERPRETERS: Readonly<
  Record<
    string,
    {
      readonly valued?: readonly string[];
      readonly module?: readonly string[];
      readonly sub?: readonly string[];
      /** An option whose value is a whole command line (`sh -c "…"`). */
      readonly inline?: string;
    }
  >
> = {
  node: { valued: ['-r', '--require', '--import', '--loader', '--experimental-loader', '--env-file'] },
  nodejs: { valued: ['-r', '--require', '--import', '--loader'] },
  python: { valued: ['-W', '-X', '-Q', '-c'], module: ['-m'] },
  pypy: { valued: ['-W', '-X'], module: ['-m'] },
  deno: { sub: ['run'] },
  bun: { sub: ['run'] },
  tsx: {},
  'ts-node': {},
  npx: { valued: ['-p', '--package'] },
  java: { valued: ['-cp', '-classpath', '--class-path', '-p', '--module-path'], module: ['-jar'] },
  dotnet: { sub: ['run', 'exec'] },
  ruby: { valued: ['-I', '-r'] },
  perl: { valued: ['-I', '-M'] },
  php: { valued: ['-c', '-d'] },
  lua: {},
  luajit: {},
  julia: {},
  Rscript: {},
  sh: { inline: '-c' },
  bash: { inline: '-c' },
  zsh: { inline: '-c' },
  dash: { inline: '-c' },
  uv: { sub: ['run'], valued: ['--with', '--python', '-p', '--project', '--directory'] },
  poetry: { sub: ['run'] },
  pipenv: { sub: ['run'] },
  go: { sub: ['run'] },
};

/** `python3.12` → `python`, `pypy3` → `pypy`, `/usr/bin/node` → `node`. */
function interpreterKey(word: string): string {
  const name = basename(word);
  const m = /^(python|pypy)[0-9.]*$/.exec(name);
  return m?.[1] ?? name;
}

const isAssignment = (word: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);

/**
 * The name an engine gets from its command when none is given (`--engine "<command>"`): the file
 * name of the program it runs, looking past environment assignments, wrappers (`env -u X`, `nice`,
 * `timeout 60`), interpreters and their options (`python3 -u`, `node --import x`), `cd dir &&` and
 * sub-commands (`deno run`): `env -u X python3 -u bots/mine.py` is `mine.py`, `java -jar bot.jar`
 * is `bot.jar`, `python3 -m mybot` is `mybot`. An interpreter given nothing to run names itself.
 */
export function engineNameOf(command: string): string {
  let words = shellWords(command);
  const cut = words.findLastIndex((w) => SEPARATORS.has(w));
  if (cut >= 0 && cut < words.length - 1) words = words.slice(cut + 1);
  let i = 0;
  let fallback: string | null = null;
  const skipOptions = (valued: readonly string[], module: readonly string[] = []): string | null => {
    while (i < words.length) {
      const w = words[i] ?? '';
      if (w === '--') {
        i++;
        return null;
      }
      if (!w.startsWith('-') || w === '-') return null;
      if (module.includes(w)) return words[i + 1] ?? null;
      i += valued.includes(w) ? 2 : 1;
    }
    return null;
  };
  while (i < words.length) {
    const w = words[i] ?? '';
    if (isAssignment(w)) {
      i++;
      continue;
    }
    const key = basename(w);
    const wrapper = WRAPPERS[key];
    if (wrapper) {
      fallback ??= key;
      i++;
      skipOptions(wrapper.valued);
      i += wrapper.positional ?? 0;
      continue;
    }
    const interpreter = INTERPRETERS[interpreterKey(w)];
    if (interpreter) {
      fallback = interpreterKey(w);
      i++;
      const inline = interpreter.inline ? words.indexOf(interpreter.inline, i) : -1;
      if (inline >= 0 && words[inline + 1]) return engineNameOf(words[inline + 1] ?? '');
      for (;;) {
        const module = skipOptions(interpreter.valued ?? [], interpreter.module);
        if (module !== null) return basename(module);
        if (interpreter.sub?.includes(words[i] ?? '')) i++;
        else break;
      }
      continue;
    }
    return basename(w) || w;
  }
  return fallback ?? (basename(command.trim()) || command.trim());
}

/**
 * `python3` or `node` alone: what `--engine python3 bot.py` (unquoted) leaves as a command, the
 * script being read as the next word. Refused with a hint rather than started and left to time out.
 */
export function isBareInterpreter(command: string): boolean {
  const words = shellWords(command);
  return words.length === 1 && INTERPRETERS[interpreterKey(words[0] ?? '')] !== undefined;
}
