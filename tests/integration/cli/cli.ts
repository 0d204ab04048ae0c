import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../cli/bin.mjs', import.meta.url));

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The last stdout line parsed as JSON (the --json report). */
  json<T = Record<string, unknown>>(): T;
}

/** Runs `broadside …` through its real launcher, as a user would after npm install. */
export function runCli(args: readonly string[], options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<CliRun>((resolve, reject) => {
    // Strip BROADSIDE_* from the inherited environment so a developer's settings cannot leak in.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('BROADSIDE_')));
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...env, ...options.env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code,
        stdout,
        stderr,
        json<T>() {
          const last = stdout.trim().split('\n').pop() ?? '';
          return JSON.parse(last) as T;
        },
      });
    });
  });
}

/** Starts `broadside …` and resolves once its output (stdout or stderr) matches `pattern`; it keeps running. */
export function startCli(args: readonly string[], pattern: RegExp) {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  const matched = new Promise<RegExpMatchArray>((resolve, reject) => {
    const check = (): void => {
      const m = stdout.match(pattern) ?? stderr.match(pattern);
      if (m) resolve(m);
    };
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      check();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      check();
    });
    child.on('close', (code) => reject(new Error(`exited with ${code} before printing ${pattern}: ${stderr}`)));
  });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, matched, done };
}

/**
 * A command line as its arguments: the text split at white space, each `${value}` one argument as
 * it is, spaces and all: argv`play --server ${url} --engine ${'node hunt.mjs'} --json`. A value
 * written against a word (`--out=${dir}`) is part of that word.
 */
export function argv(text: TemplateStringsArray, ...values: readonly (string | number)[]): string[] {
  const args: string[] = [];
  // The last argument goes on while the next piece touches it (no white space between them).
  let open = false;
  const add = (piece: string): void => {
    if (open) args[args.length - 1] += piece;
    else args.push(piece);
    open = true;
  };
  text.forEach((part, i) => {
    for (const [n, word] of part.split(/\s+/).entries()) {
      if (n > 0) open = false;
      if (word !== '') add(word);
    }
    if (i < values.length) add(String(values[i]));
  });
  return args;
}
