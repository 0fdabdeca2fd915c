import { loadConfig, ConfigError } from './config';
import { SchemaNotReadyError } from './db/migrations';
import { DEMO_ACCOUNTS } from './seed/demo-seed';
import { createServer } from './server';

/*
 * What the tests take from the built server (dist/main.js) when they run
 * against it (`npm run test:built`): the very code `npm start` runs, so that
 * a difference between the bundle and the sources fails a test (README, "Tests").
 */
export { createServer, DEMO_ACCOUNTS, loadConfig };

async function main() {
  const config = loadConfig();
  const server = await createServer(config);
  await server.app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  PsicoCampus está en marcha: ${config.publicUrl}`,
    `  Base de datos: ${server.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}`}`,
  ];
  if (config.seedDemo) {
    lines.push('  Cuentas de demostración:');
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.role.padEnd(12)} ${account.email.padEnd(30)} ${account.password}`);
    }
  }
  console.log(lines.join('\n') + '\n');

  // Graceful shutdown (SIGTERM from systemd, Docker or a supervisor): stop
  // accepting, finish what is in flight (an import, a PDF), send pending mail,
  // close the database. Repeated signals change nothing: `npm start` forwards
  // the terminal's Ctrl-C, which this process also receives itself.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    server.close().then(
      () => {
        server.app.log.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

// Started only as the program (`node dist/main.js`, `npm run dev`), not when a test loads it.
if (require.main === module) {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuración inválida: ${error.message}`);
    else if (error instanceof SchemaNotReadyError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  });
}
