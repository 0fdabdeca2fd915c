import { pdfText } from '../../../test/helpers/pdf-text';
import {
  NAMES_IN_SIX_SCRIPTS,
  NOTE_AS_PRINTED,
  reportsInSixScripts,
  type ReportsOfOneName,
} from '../../../test/helpers/names-in-six-scripts';
import { serverWithDemoSessions } from '../../../test/helpers/signed-in';
import type { TestServer } from '../../../test/helpers/test-server';
import { EMOJI_PLACEHOLDER, printable, REPLACEMENT_CHARACTER } from './pdf-fonts';

/**
 * The reports print every name the forms accept as it was typed
 * (docs/import-and-reports.md#reports):
 * they used PDF's base fonts, which know only Latin-1, and "Thị Ánh Nguyễn
 * Łukasiewicz" came out as "ThË Ánh NguyÅn V¶6–Pwicz". Read back here with
 * the test's own reader, on any machine; pdf-readers.test.ts reads the same
 * files with pdftotext, pdfinfo, pdffonts and qpdf.
 */

let server: TestServer;
let reports: ReportsOfOneName[];

beforeAll(async () => {
  const signedIn = await serverWithDemoSessions();
  server = signedIn.server;
  reports = await reportsInSixScripts(server, signedIn.lucia);
});
afterAll(() => server.close());

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('names in six scripts', () => {
  it.each(NAMES_IN_SIX_SCRIPTS.map((name, index) => [name.script, index] as const))(
    'print as typed in both reports (%s)',
    (_script, index) => {
      const { name, student, assessment } = reports[index]!;
      const general = pdfText(student);
      expect(general.split('\n')).toContain(name);
      expect(oneLine(general)).toContain(NOTE_AS_PRINTED);
      const detail = pdfText(assessment);
      expect(detail).toContain(name);
      expect(oneLine(detail)).toContain(`${name}: «${NOTE_AS_PRINTED}»`);
    },
  );
});

describe('what no font can draw', () => {
  it('is one visible replacement character per character, never another letter', () => {
    expect(printable('ok 中文', 'regular')).toBe(
      `ok ${REPLACEMENT_CHARACTER}${REPLACEMENT_CHARACTER}`,
    );
  });

  it("prints an emoji as the word '[emoji]', one per emoji a reader sees", () => {
    expect(EMOJI_PLACEHOLDER).toBe('[emoji]');
    expect(printable('👍🏽 ok 🧠', 'regular')).toBe('[emoji] ok [emoji]');
    // A family, a flag: one emoji each to their reader, one word, not five or two.
    expect(printable('👨‍👩‍👧‍👦 🇪🇨', 'bold')).toBe('[emoji] [emoji]');
    // What the font draws itself stays as typed.
    expect(printable('♥ ☺', 'italic')).toBe('♥ ☺');
  });

  it('prints a name typed with combining accents with the composed letters', () => {
    const decomposed = 'Nguyễn Łukasiewicz'.normalize('NFD');
    expect(decomposed).not.toBe('Nguyễn Łukasiewicz');
    expect(printable(decomposed, 'italic')).toBe('Nguyễn Łukasiewicz');
  });
});
