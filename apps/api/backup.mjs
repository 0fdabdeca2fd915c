// `npm run backup [-- --out FILE]` from the repository's root: builds the server first when
// dist/backup.js is not there yet, then runs it with the same arguments,
// environment and working directory (so DATA_DIR and DATABASE_URL mean what
// they mean for `npm start`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const command = path.join(here, 'dist', 'backup.js');

if (!existsSync(command)) {
  console.error('Compilando el servidor (solo hace falta la primera vez)...');
  const build = spawnSync(process.execPath, [path.join(here, 'build.mjs')], {
    cwd: here,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('La compilación falló; revisa los mensajes de arriba.');
    process.exit(build.status ?? 1);
  }
}

const run = spawnSync(process.execPath, [command, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
