// The remotes as the build tooling sees them, read from the one place they
// are described: libs/shared/src/domain/remote-descriptors.json (README,
// "Adding a remote"). The dev servers, lint, the benchmarks and the deploy
// image take their list from here.
//
//   node tools/rspack/remotes.mjs names          one remote name per line
//   node tools/rspack/remotes.mjs stage <dir>    the built front ends laid out
//                                                as the web image serves them
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const DESCRIPTORS_FILE = path.join(
  workspaceRoot,
  'libs/shared/src/domain/remote-descriptors.json',
);

const descriptors = JSON.parse(readFileSync(DESCRIPTORS_FILE, 'utf8'));

/** @type {Array<{ name: string, mount: string, devPort: number, roles: string[] }>} */
export const REMOTES = descriptors.remotes;
export const REMOTE_NAMES = REMOTES.map((remote) => remote.name);

/** Development ports (`npm run dev`); the API listens on 8080. */
export const DEV_PORTS = {
  shell: descriptors.shell.devPort,
  ...Object.fromEntries(REMOTES.map((remote) => [remote.name, remote.devPort])),
};

/** A remote named X lives in apps/X-mfe, as the npm workspace @psicocampus/X-mfe. */
export const appFolder = (name) => `apps/${name}-mfe`;
export const appPackage = (name) => `@psicocampus/${name}-mfe`;

/** remotes.json as the shell's dev server answers it: each remote's own dev server. */
export function devRemotesJson() {
  return Object.fromEntries(
    REMOTES.map((remote) => [remote.name, `http://localhost:${remote.devPort}/mf-manifest.json`]),
  );
}

/** Copies the builds into `dir` as shell/ and remotes/<name>/ (the web image's layout). */
function stage(dir) {
  const from = (folder) => {
    const dist = path.join(workspaceRoot, folder, 'dist');
    if (!existsSync(dist)) throw new Error(`${folder} is not built (npm run build)`);
    return dist;
  };
  cpSync(from('apps/shell'), path.join(dir, 'shell'), { recursive: true });
  for (const name of REMOTE_NAMES) {
    cpSync(from(appFolder(name)), path.join(dir, 'remotes', name), { recursive: true });
  }
}

// Node runs a script by its real path; it may have been named by a link
// (a host's /srv/psicocampus/app), and must still answer.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, dir] = process.argv.slice(2);
  if (command === 'names') {
    console.log(REMOTE_NAMES.join('\n'));
  } else if (command === 'stage' && dir) {
    mkdirSync(dir, { recursive: true });
    stage(path.resolve(dir));
    writeFileSync(path.join(dir, 'remote-names'), `${REMOTE_NAMES.join('\n')}\n`);
  } else {
    console.error('usage: node tools/rspack/remotes.mjs names | stage <dir>');
    process.exit(2);
  }
}
