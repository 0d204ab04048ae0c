import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  update(done: number, fields?: Record<string, string | number>): void;
  stop(): void;
}

const silent: Progress = { update: () => undefined, stop: () => undefined };

/**
 * A live bar on stderr (stdout stays for reports and --json); none with --quiet or when stderr is
 * not a terminal, so logs and CI output are not filled with redraws.
 */
export function createProgress(total: number, quiet: boolean, format: string): Progress {
  if (quiet || !process.stderr.isTTY) return silent;
  const bar = new SingleBar(
    { format, stream: process.stderr, hideCursor: true, clearOnComplete: true, etaBuffer: 50 },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return {
    update: (done, fields) => bar.update(done, fields),
    stop: () => bar.stop(),
  };
}
