import path from 'node:path';

/**
 * tools/room-sizes.mjs (docs/architecture.md#small-rooms): what it counts as
 * a function's size and a product file, and that it refuses a new large room
 * or one that grew, while a smaller one only asks for the baseline to follow.
 */

const root = path.resolve(__dirname, '../..');

interface Rooms {
  functions: Record<string, number>;
  files: Record<string, number>;
}
interface RoomSizes {
  MAX_FUNCTION_LINES: number;
  isProductFile(file: string): boolean;
  functionSizes(file: string, text: string): Array<{ name: string; lines: number }>;
  measure(files: string[], read: (file: string) => string): Rooms;
  compare(today: Rooms, baseline: Rooms): { errors: string[]; notes: string[] };
}

let rooms: RoomSizes;
beforeAll(async () => {
  rooms = (await import(path.join(root, 'tools/room-sizes.mjs'))) as RoomSizes;
});

/** A function of `lines` lines, signature and closing brace included. */
const functionOf = (name: string, lines: number) =>
  `export function ${name}() {\n${'  work();\n'.repeat(lines - 2)}}\n`;

describe('room sizes', () => {
  it('counts a function from its signature to its closing brace, naming route handlers by route', () => {
    const sizes = rooms.functionSizes(
      'apps/api/src/x.ts',
      [
        functionOf('small', 3),
        'export async function routes(app) {',
        "  app.post('/api/students', async () => {",
        '    return 1;',
        '  });',
        '}',
      ].join('\n'),
    );
    expect(sizes).toEqual([
      { name: 'small', lines: 3 },
      { name: 'routes', lines: 5 },
      { name: 'routes > post /api/students', lines: 3 },
    ]);
  });

  it('measures product code only: no tests, no test support, no declarations', () => {
    expect(rooms.isProductFile('apps/api/src/plugins/students/students.routes.ts')).toBe(true);
    expect(rooms.isProductFile('libs/shared/src/ui/leave-guard.tsx')).toBe(true);
    expect(rooms.isProductFile('apps/api/src/plugins/students/students.test.ts')).toBe(false);
    expect(rooms.isProductFile('libs/shared/src/testing/render.tsx')).toBe(false);
    expect(rooms.isProductFile('apps/api/src/types.d.ts')).toBe(false);
    expect(rooms.isProductFile('apps/api/test/helpers/server.ts')).toBe(false);
    expect(rooms.isProductFile('e2e/tests/home.e2e.test.ts')).toBe(false);
  });

  it('refuses a new function over the limit and one that grew; a smaller one is a note', () => {
    const limit = rooms.MAX_FUNCTION_LINES;
    const files: Record<string, string> = {
      'apps/api/src/a.ts': functionOf('fresh', limit + 1),
      'apps/api/src/b.ts': functionOf('grown', limit + 10) + functionOf('shrunk', limit + 2),
    };
    const today = rooms.measure(Object.keys(files), (file) => files[file]!);
    const baseline = {
      functions: { 'apps/api/src/b.ts#grown': limit + 5, 'apps/api/src/b.ts#shrunk': limit + 9 },
      files: {},
    };
    const { errors, notes } = rooms.compare(today, baseline);
    expect(errors).toEqual([
      `apps/api/src/a.ts#fresh: ${limit + 1} lines, over ${limit} (a new large room)`,
      `apps/api/src/b.ts#grown: ${limit + 10} lines, was ${limit + 5}: it grew`,
    ]);
    expect(notes).toEqual([`apps/api/src/b.ts#shrunk: ${limit + 2} lines, was ${limit + 9}`]);
    expect(rooms.compare(today, today)).toEqual({ errors: [], notes: [] });
  });
});
