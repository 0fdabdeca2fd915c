import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create, type Font } from 'fontkit';

/**
 * The reports' typeface: DejaVu Sans Condensed, embedded (subset) in every
 * PDF. PDF's base fonts know only Latin-1, so a name such as "Nguyễn",
 * "Łukasiewicz", "Παπαδοπούλου" or "Каренина" came out as wrong letters
 * (docs/import-and-reports.md#reports); DejaVu draws Latin with every diacritic, Greek and Cyrillic,
 * and an embedded font is also what PDF/A asks for. The condensed cut keeps
 * about the width of the Helvetica the reports were laid out with.
 */
const FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
} as const;

export type FontStyle = keyof typeof FILES;

export const FONT_STYLES = Object.keys(FILES) as FontStyle[];

/** What a reader sees where no embedded font has a glyph (a Chinese name): never a wrong letter. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * What an emoji the font cannot draw prints as: a word a reader of the PDF
 * understands, where "�" said only that something was lost. PDF fonts draw
 * no colour emoji, and a monochrome emoji font would need a second font
 * within a line; the clinical meaning is in the words around it
 * (docs/import-and-reports.md#reports).
 */
export const EMOJI_PLACEHOLDER = '[emoji]';

/** An emoji as a reader sees one: a pictograph (with its tone, joiners and selectors), or a flag's two letters. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

interface LoadedFont {
  /** The font as fontkit parsed it: what pdfkit embeds, and what tells which characters it can draw. */
  glyphs: Font;
}

/** Alphabetic and Arabic presentation forms (U+FB00–U+FDFF, U+FE70–U+FEFF). */
const isPresentationForm = (codePoint: number) =>
  (codePoint >= 0xfb00 && codePoint <= 0xfdff) || (codePoint >= 0xfe70 && codePoint <= 0xfeff);

const loaded = new Map<FontStyle, LoadedFont>();

/** Read once per worker thread: every report of that thread embeds from the same bytes. */
export function fontFile(style: FontStyle): LoadedFont {
  let font = loaded.get(style);
  if (!font) {
    const folder = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const glyphs = create(readFileSync(path.join(folder, FILES[style])));
    // Every report of the thread shares this font, and fontkit keeps the
    // first object it made for a glyph, with the characters it was made
    // for: pdfkit writes those as the glyph's text (ToUnicode). Subsetting
    // "ή" makes its part "η" with no character at all, and a later report
    // then showed "Ελένη" but read as "Ελέν". Made here first, from the
    // font's own character map, each glyph carries its character; but not
    // the presentation forms (ﬁ, Arabic letter shapes), glyphs that shaping
    // also makes from ordinary letters: "fi" must read "fi", not "ﬁ".
    for (const codePoint of glyphs.characterSet) {
      if (!isPresentationForm(codePoint)) glyphs.glyphForCodePoint(codePoint);
    }
    font = { glyphs };
    loaded.set(style, font);
  }
  return font;
}

/** Joiners and variation selectors take no room of their own: a sequence is judged by its visible parts. */
const INVISIBLE = /\u200C|\u200D|\p{Variation_Selector}/gu;

const graphemes = new Intl.Segmenter('es', { granularity: 'grapheme' });

/**
 * The text as the font can draw it: composed (NFC), so that a name typed
 * with combining accents prints with the font's own accented letters, and
 * each character the font has no glyph for replaced: an emoji (a whole
 * sequence counts as one) by EMOJI_PLACEHOLDER, anything else by U+FFFD,
 * which pdftotext and screen readers also read as "a character that could
 * not be shown".
 */
export function printable(text: string, style: FontStyle): string {
  const normalized = text.normalize('NFC');
  const { glyphs } = fontFile(style);
  const drawable = (char: string) =>
    char.charCodeAt(0) < 0x20 || glyphs.hasGlyphForCodePoint(char.codePointAt(0)!);
  if ([...normalized].every(drawable)) return normalized;
  let result = '';
  for (const { segment } of graphemes.segment(normalized)) {
    const known = [...segment.replace(INVISIBLE, '')].every(drawable);
    if (known) result += segment;
    else result += EMOJI.test(segment) ? EMOJI_PLACEHOLDER : REPLACEMENT_CHARACTER;
  }
  return result;
}
