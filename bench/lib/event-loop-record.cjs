// Loaded into the server under measurement (node --require) by the
// benchmarks: writes to BENCH_LOOP_RECORD every wait of the server's own
// thread over 20 ms and every garbage-collection pause over 10 ms, each with
// its wall-clock time, so that a slow answer seen by a client can be told
// apart from a stall of the server. A timer due every 5 ms that fires late
// by more than that measures the wait; it costs about 200 wake-ups a second.
const { appendFileSync } = require('node:fs');
const { PerformanceObserver } = require('node:perf_hooks');

const file = process.env.BENCH_LOOP_RECORD;
if (file) {
  const now = () => performance.timeOrigin + performance.now();
  let last = performance.now();
  setInterval(() => {
    const at = performance.now();
    const late = at - last - 5;
    last = at;
    if (late > 20) appendFileSync(file, `loop ${now()} ${late.toFixed(1)}\n`);
  }, 5).unref();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration > 10)
        appendFileSync(
          file,
          `gc ${performance.timeOrigin + entry.startTime} ${entry.duration.toFixed(1)}\n`,
        );
    }
  }).observe({ entryTypes: ['gc'] });
}
