// npm run bench:import — a 5,000-row file made from the template with
// exceljs, imported through the HTTP API (docs/limits-and-budgets.md#speed-and-size-budgets: under 5 s); the
// time and the server's peak memory.
import { fmt, login, machine, memoryOf, startServer } from './lib/product.mjs';
import { importStudents, studentsWorkbook } from './lib/workbook.mjs';

const ROWS = 5_000;

const server = await startServer();
try {
  console.log(
    `Machine: ${await machine()}; database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  const token = await login(server.url);
  const file = await studentsWorkbook(server.url, token, ROWS);
  console.log(`File: ${ROWS} rows, ${fmt(file.length / 1024)} KB`);

  const before = memoryOf(server.pid);
  const started = performance.now();
  const { response, answer } = await importStudents(server.url, token, file);
  const seconds = (performance.now() - started) / 1000;
  const after = memoryOf(server.pid);
  console.log(`Answer: ${response.status} ${answer.msg} (created ${answer.created})`);
  console.log(
    `Time: ${fmt(seconds, 2)} s (budget 5 s → ${seconds < 5 && response.ok ? 'met' : 'MISSED'})`,
  );
  console.log(
    `Server memory: ${fmt(before.rssMiB)} MiB before, peak ${fmt(after.peakMiB)} MiB (${fmt(after.peakMiB - before.rssMiB)} MiB above the start)`,
  );
} finally {
  await server.stop();
}
