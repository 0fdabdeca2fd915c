// `npm run create-admin|reset-mfa|backup|restore|migrate|assessments:check|audit:verify|purge|rotate-key -- ...` from the repository's root:
// builds the server first when its dist/<command>.js is not there yet, then
// runs it with the same arguments, environment and working directory (so
// DATA_DIR, DATABASE_URL, PUBLIC_URL and SMTP_URL mean what they mean for
// `npm start`; `migrate` also reads MIGRATION_DATABASE_URL and DATABASE_APP_ROLE,
// `purge` MIGRATION_DATABASE_URL and RECORD_RETENTION_YEARS, `rotate-key`
// MIGRATION_DATABASE_URL and the CLINICAL_ENCRYPTION_* keys).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const COMMANDS = [
  'create-admin',
  'reset-mfa',
  'backup',
  'restore',
  'migrate',
  'assessments-check',
  'audit-verify',
  'purge',
  'rotate-key',
];
const [name, ...args] = process.argv.slice(2);
if (!COMMANDS.includes(name)) {
  console.error(`Orden desconocida: ${name ?? '(ninguna)'}. Órdenes: ${COMMANDS.join(', ')}.`);
  process.exit(2);
}

const here = path.dirname(fileURLToPath(import.meta.url));
const command = path.join(here, 'dist', `${name}.js`);

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

const run = spawnSync(process.execPath, [command, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
