import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../../bench/server-entry';

export interface ChildServer {
  readonly url: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Ends the process with `signal` and waits for it to exit. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Deletes the data directory (after kill). */
  dispose(): void;
}

// Each test process builds its own copy: test files run in parallel and must not write one file at once.
const ENTRY = `dist-server/test-${process.pid}.js`;
let built = false;

/**
 * The compiled server (`npm start`'s dist-server/main.js) in a real child process on an ephemeral
 * loopback port, for tests that must kill it; its URL is read from its "ready" log line.
 */
export async function startChildServer(options: { dataDir?: string; jwtSecret?: string } = {}): Promise<ChildServer> {
  if (!built) {
    buildServer(ENTRY);
    built = true;
    process.once('exit', () => {
      const decide = ENTRY.replace(/\.js$/, '.decide.js');
      for (const file of [ENTRY, `${ENTRY}.map`, decide, `${decide}.map`]) rmSync(file, { force: true });
    });
  }
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'broadside-child-'));
  const child = spawn(process.execPath, ['--enable-source-maps', ENTRY], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      CLIENT_DIR: join(dataDir, 'no-client'),
      JWT_SECRET: options.jwtSecret ?? 'child-server-test-secret',
      // Computer players answer at once in tests.
      BOT_DELAY_MS_MIN: '0',
      BOT_DELAY_MS_MAX: '0',
      // Tests sign many players up from 127.0.0.1.
      SIGNUPS_PER_ADDRESS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const ready = /"url":"(http:\/\/[^"]+)".*Broadside is ready/.exec(out);
      if (ready?.[1]) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready: ${err}`)));
  });
  return {
    url,
    dataDir,
    child,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    dispose: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
