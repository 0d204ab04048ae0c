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
const shotsArg = args.indexOf('--shots');
const minShots = shotsArg >= 0 ? Number(args[shotsArg + 1]) : 2000;
if (!Number.isInteger(minShots) || minShots < 100) {
  console.error('--shots must be an integer of at least 100');
  process.exit(2);
}
const pauseArg = args.indexOf('--pause');
const pauseMs = pauseArg >= 0 ? Number(args[pauseArg + 1]) : 0;
if (!Number.isFinite(pauseMs) || pauseMs < 0 || pauseMs > 1000) {
  console.error('--pause must be a number of milliseconds between 0 and 1000');
  process.exit(2);
}

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
