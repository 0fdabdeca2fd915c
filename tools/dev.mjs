// `npm run dev`: every part with live reload. The shell's dev server
// (http://localhost:4200) proxies /api to the API on :8080 and reads the
// remotes from their own dev servers (:4201–:4204).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import concurrently from 'concurrently';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const devOrigins = [4200, 4201, 4202, 4203, 4204].map((port) => `http://localhost:${port}`);

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'npm run dev -w apps/api',
      env: {
        PUBLIC_URL: 'http://localhost:4200',
        ALLOWED_ORIGINS: devOrigins.join(','),
        WEB_DIR: 'none',
      },
    },
    { name: 'shell', command: 'npm run dev -w apps/shell' },
    { name: 'auth', command: 'npm run dev -w apps/auth-mfe' },
    { name: 'patients', command: 'npm run dev -w apps/patients-mfe' },
    { name: 'assessment', command: 'npm run dev -w apps/assessment-mfe' },
    { name: 'admin', command: 'npm run dev -w apps/admin-mfe' },
  ],
  { cwd: root, prefixColors: 'auto', killOthersOn: ['failure'] },
);
console.log('PsicoCampus en desarrollo: abre http://localhost:4200');
result.catch(() => process.exit(1));
