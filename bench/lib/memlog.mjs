// appends this process's memory figures every 5 s to $MEMLOG (jsonl)
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';
const file = process.env.MEMLOG;
if (file) {
  const mb = (b) => Math.round((b / 1048576) * 10) / 10;
  setInterval(() => {
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .filter((s) => s.space_size > 1048576)
        .map((s) => [s.space_name, mb(s.space_size)]),
    );
    appendFileSync(
      file,
      JSON.stringify({
        t: Date.now(),
        rss: mb(m.rss),
        heapUsed: mb(m.heapUsed),
        heapTotal: mb(m.heapTotal),
        external: mb(m.external),
        arrayBuffers: mb(m.arrayBuffers),
        spaces,
      }) + '\n',
    );
  }, 5000).unref();
}
