import { planPinning } from './pin';
import { measureShotLatency } from './shot-latency';
import type { Summary } from './stats';

/**
 * `npm run bench`: the shot acknowledgement round-trip on loopback next to a bare socket.io echo.
 * Usage: npm run bench -- [--shots N] [--pause MS] [--no-pin] [--json]. Goal: ratio ≤ 1.3 at p50
 * and ≤ 1.5 at p99. The client and the servers are pinned to different CPUs (see pin.ts) unless
 * --no-pin. --pause sends every shot and every echo after MS of quiet instead of back to back.
 */
const args = process.argv.slice(2);
const json = args.includes('--json');
/** The number after `flag`, or `fallback` when the flag is absent; exits with `error` when `valid` refuses it. */
function numberFlag(flag: string, fallback: number, valid: (n: number) => boolean, error: string): number {
  const i = args.indexOf(flag);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (valid(value)) return value;
  console.error(error);
  process.exit(2);
}
const minShots = numberFlag(
  '--shots',
  2000,
  (n) => Number.isInteger(n) && n >= 100,
  '--shots must be an integer of at least 100',
);
const pauseMs = numberFlag(
  '--pause',
  0,
  (n) => Number.isFinite(n) && n >= 0 && n <= 1000,
  '--pause must be a number of milliseconds between 0 and 1000',
);

const ms = (v: number): string => `${v.toFixed(3)} ms`;
const row = (name: string, s: Summary): string =>
  `${name.padEnd(22)} ${String(s.count).padStart(6)} ${ms(s.p50).padStart(11)} ${ms(s.p95).padStart(11)} ${ms(s.p99).padStart(11)} ${ms(s.max).padStart(11)}`;

const report = await measureShotLatency(minShots, args.includes('--no-pin') ? null : planPinning(), pauseMs);
if (json) {
  console.log(JSON.stringify(report));
} else {
  const { pinning } = report;
  console.log(
    pinning
      ? `client on CPU ${pinning.client}, servers on CPU ${pinning.servers} (--no-pin lets the kernel place them)`
      : 'processes placed by the kernel (not pinned)',
  );
  console.log(report.pauseMs > 0 ? `each shot and echo after ${report.pauseMs} ms of quiet` : 'back to back');
  console.log(
    `${'round-trip'.padEnd(22)} ${'count'.padStart(6)} ${'p50'.padStart(11)} ${'p95'.padStart(11)} ${'p99'.padStart(11)} ${'max'.padStart(11)}`,
  );
  console.log(row('shoot ack (server)', report.shots));
  console.log(row('bare emitWithAck echo', report.echo));
  const verdict = (v: number, goal: number): string =>
    `${v.toFixed(2)} (goal ≤ ${goal}) ${v <= goal ? 'ok' : 'MISSED'}`;
  console.log(`ratio p50 ${verdict(report.ratio.p50, 1.3)}, p99 ${verdict(report.ratio.p99, 1.5)}`);
}
