// Bundles the server (and the shared library's TypeScript it imports) into
// dist/; npm packages stay external and load from node_modules at run time.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@psicocampus/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    'pdf-worker': 'src/reports/pdf/pdf-worker.ts',
    // `npm run create-admin` (PRODUCT §2): the first administrator of a production install.
    'create-admin': 'src/cli/create-admin.ts',
    // `npm run backup` and `npm run restore -- <archivo>`: copies of the database.
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
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
