import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { clip, verb } from './bep';
import { LineSplitter } from './lines';
import { killGroup, trackGroup } from './reaper';

/** Longest line an engine may print; longer costs the game (docs/engines.md). */
export const MAX_LINE = 64 * 1024;
/** Stderr and harness notes kept per process in the engine's log; the rest is counted, not written. */
const MAX_LOG_BYTES = 2 * 1024 * 1024;
/** Stderr lines kept in memory per process, the last ones: what a failed start shows (docs/engines.md). */
const STDERR_TAIL = 20;
/** Longest stderr line kept in that tail. */
const TAIL_LINE = 300;

/** When a log line was written: UTC, to the millisecond (docs/engines.md, "Logs"). */
const stamp = (): string => new Date().toISOString();

export type Answer =
  | { readonly kind: 'line'; readonly line: string }
  | { readonly kind: 'timeout'; readonly detail: string }
  | { readonly kind: 'crash'; readonly detail: string }
  | { readonly kind: 'illegal'; readonly detail: string };

export interface EngineSpec {
  /** A shell command line, as typed after --engine. */
  readonly command: string;
  /** Name in reports and logs. */
  readonly name: string;
  /** The engine's log file (stderr and the harness's notes), appended to; none when undefined. */
  readonly logFile?: string;
  readonly cwd?: string;
  /** Also log every line sent (`>`, to the engine) and received (`<`, from it), for debugging an engine. */
  readonly trace?: boolean;
}

/**
 * One running engine: its own process group (so a shell and whatever it starts die together), its
 * stdout read line by line, `info` lines collected for the game being played, lines it does not
 * understand logged and ignored, stderr appended to its log file.
 */
export class EngineProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: string[] = [];
  private waiter: (() => void) | null = null;
  private log: WriteStream | null = null;
  private logged = 0;
  private ended: string | null = null;
  private exitDetail: string | null = null;
  private pending = '';
  private overflow: number | null = null;
  /** `info` lines received since the last `takeInfo`. */
  private info: string[] = [];
  /** The last stderr lines, clipped (see `stderrTail`). */
  private readonly tail: string[] = [];
  private readonly stderrClosed: Promise<void>;
  /** Lines the harness did not expect: counted, the last kept for error messages. */
  ignored = 0;
  lastIgnored = '';
  readonly pid: number;
  readonly exited: Promise<void>;

  constructor(readonly spec: EngineSpec) {
    this.child = spawn(spec.command, {
      shell: true,
      detached: true,
      cwd: spec.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: process.env,
    });
    this.pid = this.child.pid ?? -1;
    if (this.pid > 0) trackGroup(this.pid);
    if (spec.logFile) {
      mkdirSync(dirname(spec.logFile), { recursive: true });
      this.log = createWriteStream(spec.logFile, { flags: 'a' });
      this.log.on('error', () => {
        this.log = null;
      });
    }
    this.note(`started: ${spec.command}`);
    const out = new LineSplitter(
      MAX_LINE,
      (line) => this.receive(line),
      (length) => {
        this.overflow ??= length;
        this.wake();
      },
    );
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => out.push(chunk));
    this.child.stdout.on('end', () => {
      out.flush();
      this.end('closed its output');
    });
    const err = new LineSplitter(
      MAX_LINE,
      (line) => {
        this.write(`${stamp()} ${this.pid} ! ${line}\n`);
        this.tail.push(clip(line, TAIL_LINE));
        if (this.tail.length > STDERR_TAIL) this.tail.shift();
      },
      (length) => this.write(`${stamp()} ${this.pid} ! [a stderr line of ${length} characters, not kept]\n`),
    );
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => err.push(chunk));
    this.stderrClosed = new Promise((resolve) => {
      this.child.stderr.on('end', () => {
        err.flush();
        resolve();
      });
      this.child.stderr.on('close', () => resolve());
    });
    this.child.stdin.on('error', () => this.end('closed its input'));
    this.child.on('error', (error) => this.end(`could not start: ${error.message}`));
    this.exited = new Promise((resolve) => {
      this.child.on('exit', (code, signal) => {
        this.exitDetail = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        this.end(this.exitDetail);
        resolve();
      });
    });
  }

  private write(text: string): void {
    if (!this.log) return;
    this.logged += text.length;
    if (this.logged <= MAX_LOG_BYTES) this.log.write(text);
    else if (this.logged - text.length <= MAX_LOG_BYTES)
      this.log.write(`${stamp()} ${this.pid} # [log limit reached]\n`);
  }

  /** A line of the harness in the engine's log. */
  note(text: string): void {
    this.write(`${stamp()} ${this.pid} # ${text}\n`);
  }

  /**
   * The engine's last stderr lines (at most 20, each clipped), for the message of an engine that
   * failed to start: `/bin/sh: 1: ./bot: not found`, a Python traceback. Waits up to `waitMs` for
   * stderr to close first, since what a dying process wrote may arrive after its exit.
   */
  async stderrTail(waitMs = 300): Promise<string[]> {
    await Promise.race([this.stderrClosed, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
    return [...this.tail];
  }

  private receive(line: string): void {
    if (this.spec.trace) this.write(`${stamp()} ${this.pid} < ${line}\n`);
    if (line.startsWith('info ') || line === 'info') {
      this.info.push(line.slice(5));
      if (!this.spec.trace) this.note(line);
      return;
    }
    this.queue.push(line);
    this.wake();
  }

  private end(why: string): void {
    if (this.ended !== null) return;
    this.ended = why;
    this.note(`ended: ${why}`);
    this.wake();
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  get alive(): boolean {
    return this.ended === null;
  }

  /** Why the process ended, when it has. */
  get endedBecause(): string | null {
    return this.ended;
  }

  /**
   * Queues a line for the engine. Lines are written together when the harness next waits for an
   * answer (or on `flush`): `result` and `opponent` lines ride with the next `go`, one write and one
   * wake-up of the engine per move instead of three.
   */
  send(line: string): void {
    if (this.ended !== null) return;
    if (this.spec.trace) this.write(`${stamp()} ${this.pid} > ${line}\n`);
    this.pending += `${line}\n`;
  }

  /** Writes the queued lines now. */
  flush(): void {
    if (this.pending === '' || this.ended !== null) return;
    this.child.stdin.write(this.pending);
    this.pending = '';
  }

  /** The `info` lines received since the last call. */
  takeInfo(): string[] {
    const out = this.info;
    this.info = [];
    return out;
  }

  /** Forgets lines still queued (answers to a question the harness no longer asks). */
  drain(): void {
    this.queue.length = 0;
  }

  /**
   * The next line whose first word is one of `verbs`, or why there is none by `deadline`
   * (a performance.now() time): every other line is logged and ignored, as the protocol says.
   */
  async expect(verbs: readonly string[], deadline: number): Promise<Answer> {
    this.flush();
    for (;;) {
      if (this.overflow !== null)
        return { kind: 'illegal', detail: `printed a line of ${this.overflow} characters (limit ${MAX_LINE})` };
      const line = this.queue.shift();
      if (line !== undefined) {
        if (verbs.includes(verb(line))) return { kind: 'line', line };
        this.ignored++;
        this.lastIgnored = line;
        this.note(`ignored: ${clip(line, 200)}`);
        continue;
      }
      if (this.ended !== null) {
        // Output closes just before the exit is known: wait a moment for the exit code, which says more.
        if (this.exitDetail === null) await Promise.race([this.exited, new Promise((r) => setTimeout(r, 200))]);
        return { kind: 'crash', detail: this.exitDetail ?? this.ended };
      }
      const left = deadline - performance.now();
      if (left <= 0) return { kind: 'timeout', detail: this.silence() };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.waiter = null;
          resolve();
        }, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** What the engine said instead of an answer, for a timeout's reason. */
  private silence(): string {
    return this.ignored > 0 ? `${this.ignored} unexpected line(s), last "${clip(this.lastIgnored, 60)}"` : 'no answer';
  }

  /** Asks the engine to quit; kills its process group if it has not exited within `graceMs`. */
  async quit(graceMs = 1000): Promise<void> {
    if (this.ended === null) {
      this.send('quit');
      this.flush();
    }
    const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), graceMs).unref());
    await Promise.race([this.exited, timer]);
    this.kill();
  }

  /** Kills the whole process group at once. */
  kill(): void {
    if (this.pid > 0) killGroup(this.pid);
    this.end('was stopped by the harness');
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    this.child.stderr.destroy();
    this.log?.end();
    this.log = null;
  }
}
