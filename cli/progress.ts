import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  update(done: number, fields?: Record<string, string | number>): void;
  /** Prints lines while the bar runs: the bar's line is cleared first and drawn again after. */
  interrupt(write: () => void): void;
  stop(): void;
}

const silent: Progress = { update: () => undefined, interrupt: (write) => write(), stop: () => undefined };

/**
 * A live bar on stderr (stdout stays for reports and --json); none with --quiet or when stderr is
 * not a terminal, so logs and CI output are not filled with redraws.
 */
export function createProgress(total: number, quiet: boolean, format: string): Progress {
  if (quiet || !process.stderr.isTTY) return silent;
  const bar = new SingleBar(
    // forceRedraw: the bar is drawn again on its next tick after lines printed over it (interrupt).
    { format, stream: process.stderr, hideCursor: true, clearOnComplete: true, etaBuffer: 50, forceRedraw: true },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  let stopped = false;
  return {
    update: (done, fields) => bar.update(done, fields),
    interrupt(write) {
      if (stopped) return write();
      process.stderr.write('\r\x1b[2K');
      write();
    },
    stop: () => {
      stopped = true;
      bar.stop();
    },
  };
}
