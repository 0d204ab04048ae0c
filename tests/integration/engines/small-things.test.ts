import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { argv, runCli } from '../cli/cli';

// Issue 35's small things: engine logs with a time on every line, and a reader that goes away.
const dir = mkdtempSync(join(tmpdir(), 'bs-small-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const HUNT = 'node examples/engines/hunt.mjs';

describe('engine logs and pipes', () => {
  it('stamps every line of an engine log with the UTC time to the millisecond', async () => {
    const run = await runCli(argv`check-engine ${HUNT} --games 1 --log-dir ${dir} --trace`, { timeoutMs: 180_000 });
    expect(run.code).toBe(0);
    const [file] = readdirSync(dir);
    const lines = readFileSync(join(dir, file ?? ''), 'utf8')
      .trim()
      .split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \d+ [<>!#] /);
  }, 200_000);

  it('ends quietly when the reader of its output goes away (| head -1)', () => {
    const piped = spawnSync('sh', ['-c', `node cli/bin.mjs check-engine "${HUNT}" --games 3 | head -1`], {
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(piped.stdout.trim().split('\n')).toHaveLength(1);
    expect(piped.stderr).not.toMatch(/EPIPE|Error|at /);
  }, 200_000);
});
