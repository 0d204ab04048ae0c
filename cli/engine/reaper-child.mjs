// The reaper: a tiny process that outlives a harness killed without warning (SIGKILL, a crash).
// The harness tells it, on its stdin, each engine process group it starts ("+pgid") and ends
// ("-pgid"). When that pipe closes, whatever the way the harness went, it kills every group left.
// docs/engines.md, "Processes".
const groups = new Set();
let partial = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (partial + chunk).split('\n');
  partial = lines.pop() ?? '';
  for (const line of lines) {
    const pgid = Number(line.slice(1));
    if (!Number.isInteger(pgid) || pgid <= 1) continue;
    if (line[0] === '+') groups.add(pgid);
    else groups.delete(pgid);
  }
});
const reap = () => {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  process.exit(0);
};
process.stdin.on('end', reap);
process.stdin.on('close', reap);
process.stdin.on('error', reap);
// Ctrl-C reaches the whole foreground process group: the harness handles it, the reaper waits for its pipe.
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
