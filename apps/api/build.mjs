// Bundles the server (and the shared library's TypeScript it imports) into
// dist/; npm packages stay external and load from node_modules at run time.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@psicocampus/'));

const result = await build({
  entryPoints: {
    main: 'src/main.ts',
    'pdf-worker': 'src/reports/pdf/pdf-worker.ts',
    // The embedded database's own thread (docs/limits-and-budgets.md#embedded-database).
    'pglite-worker': 'src/db/pglite-worker.ts',
    'import-worker': 'src/plugins/import/import-worker.ts',
    // `npm run create-admin` (docs/architecture.md#demo-data-and-the-first-administrator): the first administrator of a production install.
    'create-admin': 'src/cli/create-admin.ts',
    // `npm run reset-mfa -- --email <correo>`: the second factor of an account no administrator can reset.
    'reset-mfa': 'src/cli/reset-mfa.ts',
    // `npm run backup` and `npm run restore -- <archivo>`: copies of the database.
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    // `npm run migrate`: the schema, as its owner, and the server role's privileges.
    migrate: 'src/cli/migrate.ts',
    // `npm run assessments:check`: stored assessments whose answers contradict each other.
    'assessments-check': 'src/cli/assessments-check.ts',
    // `npm run audit:verify`: the audit log's chain recomputed (docs/data-model.md#audit-chain).
    'audit-verify': 'src/cli/audit-verify.ts',
    // `npm run purge [-- --dry-run]`: archived records past retention, as the schema's owner (docs/data-model.md#retention-and-purge).
    purge: 'src/cli/purge.ts',
    // `npm run rotate-key`: every clinical text resealed under the current key (docs/decisions.md#clinical-texts-sealed-at-rest).
    'rotate-key': 'src/cli/rotate-key.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...external, 'yup'],
  logLevel: 'warning',
});

// A warning is a bundle that differs from the sources the tests ran: esbuild
// warned, and went on, when it dropped the import that put yup's messages in
// Spanish. The warning itself is printed above; nothing is left to start.
if (result.warnings.length) {
  rmSync('dist', { recursive: true, force: true });
  console.error(`build: ${result.warnings.length} warning(s); the server was not built.`);
  process.exit(1);
}
