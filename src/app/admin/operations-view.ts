import type { ClusterOverview } from '../../protocol/operations';

/*
 * What the operator's console (/admin?section=operations) shows of the server's answers: the
 * cluster's totals, ages and sizes in the reader's language. Pure, unit-tested; the section
 * (OperationsSection.tsx) only draws it.
 */

/** How often the console asks the server again, ms. */
export const REFRESH_MS = 5000;

export interface ClusterTotals {
  readonly nodes: number;
  readonly draining: number;
  readonly rooms: number;
  readonly roomSockets: number;
  readonly lobbySockets: number;
  readonly seats: number;
  readonly maxSeats: number;
  readonly queue: number;
  readonly silent: number;
}

/** The whole cluster at a glance: the nodes' figures summed. */
export function clusterTotals(overview: ClusterOverview): ClusterTotals {
  const sum = (pick: (n: ClusterOverview['nodes'][number]) => number) =>
    overview.nodes.reduce((total, node) => total + pick(node), 0);
  return {
    nodes: overview.nodes.length,
    draining: overview.nodes.filter((node) => node.phase === 'draining').length,
    rooms: sum((node) => node.rooms),
    roomSockets: sum((node) => node.sockets.room),
    lobbySockets: sum((node) => node.sockets.lobby),
    seats: sum((node) => node.computers.seats),
    maxSeats: sum((node) => node.computers.max),
    queue: overview.queue.length,
    silent: overview.silent.length,
  };
}

/** A duration as one or two units ("45 s", "12 min", "3 h 5 min", "2 d 4 h") in `language`. */
export function durationText(language: string, ms: number): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'narrow' }).format(value);
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return unit(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60 === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? unit(days, 'day') : `${unit(days, 'day')} ${unit(hours % 24, 'hour')}`;
}

/** Resident memory in megabytes, whole. */
export function memoryText(language: string, bytes: number): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', unitDisplay: 'short' }).format(
    Math.round(bytes / 1_000_000),
  );
}

/** An event-loop delay in milliseconds, one decimal under 10 ms. */
export function delayText(language: string, ms: number): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'millisecond',
    unitDisplay: 'short',
    maximumFractionDigits: ms < 10 ? 1 : 0,
  }).format(ms);
}

/** Whether a node's event loop is late enough for the operator to look (a p99 past 100 ms). */
export function loopIsLate(p99Ms: number): boolean {
  return p99Ms >= 100;
}
