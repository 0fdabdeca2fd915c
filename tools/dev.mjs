// `npm run dev`: every part with live reload. The shell's dev server
// proxies /api to the API on :8080 and reads the remotes from their own dev
// servers; the ports come from libs/shared/src/domain/remote-descriptors.json.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';
import { appFolder, DEV_PORTS, REMOTE_NAMES } from './rspack/remotes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shellUrl = `http://localhost:${DEV_PORTS.shell}`;
const devOrigins = Object.values(DEV_PORTS).map((port) => `http://localhost:${port}`);

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'npm run dev -w apps/api',
      env: {
        PUBLIC_URL: shellUrl,
        ALLOWED_ORIGINS: devOrigins.join(','),
        WEB_DIR: 'none',
      },
    },
    { name: 'shell', command: 'npm run dev -w apps/shell' },
    ...REMOTE_NAMES.map((name) => ({ name, command: `npm run dev -w ${appFolder(name)}` })),
  ],
  { cwd: root, prefixColors: 'auto', killOthersOn: ['failure'] },
);
console.log(`PsicoCampus en desarrollo: abre ${shellUrl}`);
result.catch(() => process.exit(1));
