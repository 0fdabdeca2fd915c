import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/**
 * Packages this product must never install, whoever pulls them in (a direct
 * dependency or one of theirs). Each names why; add to it when an advisory
 * or a compromised release concerns something a clinical records system
 * could pick up.
 */
const UNSAFE: ReadonlyArray<{ name: string; versions: '*' | readonly string[]; why: string }> = [
  {
    name: 'xlsx',
    versions: '*',
    why: 'the npm "xlsx" package stopped at 0.18.5 with prototype pollution (CVE-2023-30533) and ReDoS (CVE-2024-22363); the import reads legacy .xls with a maintained fork',
  },
  { name: 'node-serialize', versions: '*', why: 'deserialises into code (CVE-2017-5941)' },
  { name: 'serialize-to-js', versions: '*', why: 'deserialises into code' },
  { name: 'flatmap-stream', versions: '*', why: 'malware (event-stream incident)' },
  { name: 'event-stream', versions: ['3.3.6'], why: 'pulled in flatmap-stream malware' },
  { name: 'ua-parser-js', versions: ['0.7.29', '0.8.0', '1.0.0'], why: 'hijacked releases' },
  {
    name: 'coa',
    versions: ['2.0.3', '2.0.4', '2.1.1', '2.1.3', '3.0.1', '3.1.3'],
    why: 'hijacked releases',
  },
  { name: 'rc', versions: ['1.2.9', '1.3.9', '2.3.9'], why: 'hijacked releases' },
  { name: 'colors', versions: ['1.4.1', '1.4.2', '1.4.44-liberty-2'], why: 'sabotaged releases' },
  { name: 'faker', versions: ['6.6.6'], why: 'sabotaged release' },
  {
    name: 'node-ipc',
    versions: ['10.1.1', '10.1.2', '10.1.3', '11.0.0', '11.1.0'],
    why: 'protestware that overwrote files',
  },
  {
    name: 'request',
    versions: '*',
    why: 'unmaintained, follows redirects across protocols (CVE-2023-28155)',
  },
];

interface LockEntry {
  name?: string;
  version?: string;
  engines?: { node?: string };
  hasInstallScript?: boolean;
}

interface Lockfile {
  packages?: Record<string, LockEntry>;
}

/** Every installed package of a lockfile (v2/v3) as `name@version`, with its place. */
function installedPackages(lock: Lockfile): Array<{ name: string; version: string; at: string }> {
  return Object.entries(lock.packages ?? {})
    .filter(([at]) => at.includes('node_modules/'))
    .map(([at, entry]) => ({
      // An alias ("x": "npm:y@1") is installed at node_modules/x but is package y.
      name: entry.name ?? at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length),
      version: entry.version ?? '',
      at,
    }));
}

function unsafePackagesIn(lock: Lockfile): string[] {
  return installedPackages(lock).flatMap(({ name, version, at }) => {
    const rule = UNSAFE.find((candidate) => candidate.name === name);
    if (!rule || (rule.versions !== '*' && !rule.versions.includes(version))) return [];
    return [`${name}@${version} (${at}): ${rule.why}`];
  });
}

const ROOT = path.resolve(__dirname, '../..');
const readLock = (file: string): Lockfile =>
  JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Lockfile;

describe('the lockfiles', () => {
  it.each(['package-lock.json', 'bench/package-lock.json'])(
    '%s holds no package known to be unsafe for this product',
    (file) => {
      const lock = readLock(file);
      expect(installedPackages(lock).length).toBeGreaterThan(10);
      expect(unsafePackagesIn(lock)).toEqual([]);
    },
  );
});

describe('install-time telemetry', () => {
  // swagger-ui-dist (the /api/docs page) depends on @scarf/scarf, whose
  // install script reports each install to its vendor unless the project
  // says no. A clinical records system phones nobody home, from any machine.
  it('is switched off for @scarf/scarf whenever the lockfile holds it', () => {
    const lock = readLock('package-lock.json');
    const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scarfSettings?: { enabled?: boolean };
    };
    if (installedPackages(lock).some(({ name }) => name === '@scarf/scarf')) {
      expect(root.scarfSettings?.enabled).toBe(false);
    }
  });
});

describe('unsafePackagesIn', () => {
  it('finds a denied package wherever it is installed, and through an alias', () => {
    const found = unsafePackagesIn({
      packages: {
        '': { name: 'psicocampus' },
        'node_modules/xlsx': { version: '0.18.5' },
        'node_modules/exceljs/node_modules/request': { version: '2.88.2' },
        'node_modules/hoja': { name: 'xlsx', version: '0.18.5' },
      },
    });
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^xlsx@0\.18\.5 \(node_modules\/xlsx\): .*CVE-2023-30533/);
    expect(found[1]).toMatch(/^request@2\.88\.2 \(node_modules\/exceljs\/node_modules\/request\)/);
  });

  it('names only the bad releases of a package that was hijacked once', () => {
    expect(
      unsafePackagesIn({
        packages: {
          'node_modules/ua-parser-js': { version: '0.7.29' },
          'node_modules/a/node_modules/ua-parser-js': { version: '0.7.33' },
        },
      }),
    ).toEqual([expect.stringMatching(/^ua-parser-js@0\.7\.29 /)]);
  });

  it('lets the maintained fork the import uses through', () => {
    expect(
      unsafePackagesIn({ packages: { 'node_modules/@e965/xlsx': { version: '0.20.3' } } }),
    ).toEqual([]);
  });
});

interface RootManifest {
  engines?: { node?: string };
  allowScripts?: Record<string, boolean>;
}

const readRoot = (): RootManifest =>
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as RootManifest;

/** The oldest release of each Node line a range admits: '^20.19.0 || >=24' → 20.19.0, 24.0.0. */
function oldestOfEachLine(range: string): string[] {
  return range.split('||').map((part) => semver.minVersion(part.trim())?.version ?? part);
}

/** Installed packages whose own `engines.node` refuses one of `nodeVersions`. */
function packagesRefusing(lock: Lockfile, nodeVersions: readonly string[]): string[] {
  return Object.entries(lock.packages ?? {}).flatMap(([at, entry]) => {
    const wanted = entry.engines?.node;
    if (!at || !wanted) return [];
    return nodeVersions
      .filter((version) => !semver.satisfies(version, wanted))
      .map((version) => `${at}@${entry.version ?? ''} wants node ${wanted}, not ${version}`);
  });
}

describe('the Node.js versions the README promises (package.json "engines")', () => {
  // The README says which Node lines run the product; a dependency that
  // refuses one of them would work by accident there, or stop at the next
  // release of its own.
  const promised = oldestOfEachLine(readRoot().engines?.node ?? '');

  it('are Node 20 from 20.19, 22 from 22.13, and 24 onwards', () => {
    expect(promised).toEqual(['20.19.0', '22.13.0', '24.0.0']);
  });

  it('are accepted by every installed package', () => {
    expect(packagesRefusing(readLock('package-lock.json'), promised)).toEqual([]);
  });

  it('finds a package that refuses one of them', () => {
    const lock = {
      packages: { 'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } } },
    };
    expect(packagesRefusing(lock, ['20.19.0', '22.13.0'])).toEqual([
      'node_modules/cookie@2.0.2 wants node >=22, not 20.19.0',
    ]);
  });
});

describe('install scripts (package.json "allowScripts")', () => {
  // npm runs a dependency's install script only when allowScripts says so
  // (today it warns; a later npm blocks what is not declared): every script
  // is decided here, so an install is the same under either npm.
  const lock = readLock('package-lock.json');
  const withScripts = Object.entries(lock.packages ?? {})
    .filter(([at, entry]) => at && entry.hasInstallScript)
    .map(([at]) => at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length));
  const declared = readRoot().allowScripts ?? {};

  it('names every installed package that has one', () => {
    expect(withScripts.filter((name) => !(name in declared))).toEqual([]);
  });

  it('names nothing that is no longer installed with one', () => {
    expect(Object.keys(declared).filter((name) => !withScripts.includes(name))).toEqual([]);
  });

  it('lets only argon2 build its native module, the one script the product needs', () => {
    expect(Object.keys(declared).filter((name) => declared[name])).toEqual(['argon2']);
  });
});
