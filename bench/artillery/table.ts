import type { GameMemory } from './memory';
import type { ServerName } from './service';
import type { ToolName, ToolResult } from './tools';

/** One measured run: a tool against a fresh server. */
export interface Row extends ToolResult {
  readonly round: number;
  readonly server: ServerName;
  readonly tool: ToolName;
  readonly memory: GameMemory | null;
  /** CPU time per game over the games phase, ms: the server's processes, and the tool's. */
  readonly serverCpuMsPerGame: number;
  readonly toolCpuMsPerGame: number;
  /** 1-minute load average before and after the run. */
  readonly loadBefore: number;
  readonly loadAfter: number;
}

const mb = (kb: number): string => (kb / 1024).toFixed(1);
const num = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** A Markdown table, ready for docs/benchmarks.md. */
export function resultsTable(rows: readonly Row[]): string[] {
  const head = [
    'Round',
    'Server',
    'Tool',
    'Games',
    'Errors',
    'Accounts (s)',
    'Games (s)',
    'Games/s',
    'Shots/game',
    'Shoot p50 (ms)',
    'Shoot p99 (ms)',
    'CPU ms/game server',
    'CPU ms/game tool',
    'After accounts (MB: node/redis/pg)',
    'Plateau (MB)',
    'KB/game node',
    'KB/game service',
    'Heap KB/game',
    'Load avg',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const r of rows) {
    const m = r.memory;
    const reading = (x: GameMemory['plateau']): string => `${mb(x.nodeKb)}/${mb(x.redisKb)}/${mb(x.pgKb)}`;
    lines.push(
      `| ${[
        r.round,
        r.server,
        r.tool === 'load' ? 'broadside load' : 'artillery',
        r.games,
        r.errors,
        num(r.accountsSeconds),
        num(r.seconds),
        num(r.gamesPerSecond, 2),
        num(r.shotsPerGame),
        num(r.shootP50),
        num(r.shootP99),
        num(r.serverCpuMsPerGame),
        num(r.toolCpuMsPerGame),
        m ? reading(m.afterAccounts) : '–',
        m ? reading(m.plateau) : '–',
        m ? m.nodeKbPerGame : '–',
        m ? m.serviceKbPerGame : '–',
        m?.heapKbPerGame ?? '–',
        `${r.loadBefore.toFixed(2)}→${r.loadAfter.toFixed(2)}`,
      ].join(' | ')} |`,
    );
  }
  return lines;
}

const mean = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0) / (values.length || 1);

/** Means per server and tool, and the ratios the issue asks about. */
export function summaryLines(rows: readonly Row[]): string[] {
  const pick = (server: ServerName, tool: ToolName) => rows.filter((r) => r.server === server && r.tool === tool);
  const lines: string[] = [];
  const servers = [...new Set(rows.map((r) => r.server))];
  for (const server of servers) {
    const load = pick(server, 'load');
    const art = pick(server, 'artillery');
    if (load.length && art.length) {
      const ratio = (f: (r: Row) => number): string => (mean(art.map(f)) / mean(load.map(f))).toFixed(2);
      lines.push(
        `${server}: artillery / broadside load — games/s ${ratio((r) => r.gamesPerSecond)}, shoot p99 ${ratio((r) => r.shootP99)} (means of ${art.length} and ${load.length} runs)`,
      );
    }
  }
  for (const tool of ['load', 'artillery'] as const) {
    const ours = pick('ours', tool);
    const original = pick('original', tool);
    if (!ours.length || !original.length) continue;
    const ratio = (f: (r: Row) => number): string => (mean(ours.map(f)) / mean(original.map(f))).toFixed(2);
    const kb = (rs: readonly Row[]): number => mean(rs.flatMap((r) => (r.memory ? [r.memory.serviceKbPerGame] : [])));
    lines.push(
      `${tool === 'load' ? 'broadside load' : 'artillery'}: ours / original — games/s ${ratio((r) => r.gamesPerSecond)}, ` +
        `shoot p99 ${ratio((r) => r.shootP99)}, service KB per game ${kb(ours).toFixed(0)} vs ${kb(original).toFixed(0)}`,
    );
  }
  return lines;
}
