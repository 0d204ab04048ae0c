/*
 * Where a server's allocations come from, garbage included (what feeds the scavenges and the
 * old-generation marking), without an inspector client:
 *   node -r ./bench/alloc-sampler.cjs dist-server/main.js     # then load it, then:
 *   kill -USR2 <pid>                                           # writes alloc-<pid>.heapprofile here
 *   npx tsx bench/alloc-summary.ts alloc-<pid>.heapprofile
 * V8's sampling heap profiler (one sample every 32 KB allocated on average) keeps the samples of
 * objects already collected, so the profile is the allocation volume by stack, not what is live.
 * With ALLOC_SURVIVORS=1 it keeps only what outlived a scavenge (see below).
 */
const inspector = require('node:inspector');
const { writeFileSync } = require('node:fs');

const session = new inspector.Session();
session.connect();
session.post('HeapProfiler.enable');
// ALLOC_SURVIVORS=1 keeps only the samples of objects that outlived a scavenge (promoted, or alive
// at the end): what each scavenge copies, hence what its pause costs. ALLOC_AFTER_MS starts the
// sampling that long after the process starts (after a load's ramp, say).
const survivors = process.env.ALLOC_SURVIVORS === '1';
const start = () =>
  session.post('HeapProfiler.startSampling', {
    samplingInterval: 32 * 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: !survivors,
  });
const after = Number(process.env.ALLOC_AFTER_MS ?? 0);
if (after > 0) setTimeout(start, after).unref();
else start();
process.on('SIGUSR2', () => {
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (error) {
      console.error('alloc-sampler:', error.message);
      return;
    }
    const file = `alloc-${process.pid}.heapprofile`;
    writeFileSync(file, JSON.stringify(result.profile));
    console.error(`alloc-sampler: wrote ${file}`);
  });
});
