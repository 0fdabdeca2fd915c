// `npm start`: builds whatever is not built yet (Nx replays cached builds in
// a moment), then serves the whole product on one URL, http://localhost:8080
// unless PORT says otherwise.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nx = path.join(root, 'node_modules', '.bin', 'nx');

console.log('Preparando PsicoCampus (compilación de lo que falte)...');
const build = spawnSync(nx, ['run-many', '-t', 'build', '--output-style=static'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NX_DAEMON: 'false' },
});
if (build.status !== 0) {
  console.error('La compilación falló; revisa los mensajes de arriba.');
  process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
