import { inflateSync } from 'node:zlib';

/**
 * What a PDF made by pdfkit shows, read with no external tool: each text
 * run of its content streams, decoded through its font's ToUnicode map
 * (the embedded Unicode fonts write glyph ids, not letters), with the font
 * size it was shown in. The reports' own check against poppler and qpdf is
 * pdf-readers.test.ts.
 */

export interface TextRun {
  /** The page's resource name of the font (F1, F2…). */
  font: string;
  size: number;
  text: string;
}

interface PdfObject {
  dictionary: string;
  stream: Buffer | null;
}

function objectsOf(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of raw.matchAll(/(\d+) 0 obj\b/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    const streamAt = body.search(/stream\r?\n/);
    if (streamAt < 0) {
      objects.set(Number(match[1]), { dictionary: body, stream: null });
      continue;
    }
    const dataStart = start + streamAt + body.slice(streamAt).indexOf('\n') + 1;
    const dataEnd = raw.indexOf('endstream', dataStart);
    const data = pdf.subarray(dataStart, dataEnd);
    let stream: Buffer;
    try {
      stream = /\/FlateDecode/.test(body.slice(0, streamAt)) ? inflateSync(data) : data;
    } catch {
      stream = data;
    }
    objects.set(Number(match[1]), { dictionary: body.slice(0, streamAt), stream });
  }
  return objects;
}

/** A font's codes and their letters: `<0000> <00ff> [<0054> <0068> …]` ranges, as pdfkit writes them. */
function toUnicode(cmap: string): Map<number, string> {
  const letters = new Map<number, string>();
  const hex = (value: string) => value.replace(/\s+/g, '');
  const utf16 = (value: string) =>
    String.fromCharCode(...(hex(value).match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const range of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const first = parseInt(range[1]!, 16);
    [...range[3]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((entry, index) => {
      letters.set(first + index, utf16(entry[1]!));
    });
  }
  for (const char of cmap.matchAll(/^<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>\s*$/gm)) {
    letters.set(parseInt(char[1]!, 16), utf16(char[2]!));
  }
  return letters;
}

/** A simple font's codes: one byte each, WinAnsi, which for Spanish is Latin-1. */
const latin1 = (hex: string) => Buffer.from(hex, 'hex').toString('latin1');

/** The decoder of each font resource name: Type0 fonts (2-byte codes) through their ToUnicode map, others as Latin-1. */
function fontDecoders(objects: Map<number, PdfObject>): Map<string, (hex: string) => string> {
  const decoders = new Map<string, (hex: string) => string>();
  for (const { dictionary } of objects.values()) {
    for (const fonts of dictionary.matchAll(/\/Font\s*<<([^>]*)>>/g)) {
      for (const entry of fonts[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
        const font = objects.get(Number(entry[2]));
        const cmapRef = font?.dictionary.match(/\/ToUnicode\s+(\d+) 0 R/);
        const cmap = cmapRef && objects.get(Number(cmapRef[1]))?.stream;
        if (cmap) {
          const letters = toUnicode(cmap.toString('latin1'));
          decoders.set(entry[1]!, (hex) =>
            (hex.match(/.{4}/g) ?? [])
              .map((code) => letters.get(parseInt(code, 16)) ?? '')
              .join(''),
          );
        } else {
          decoders.set(entry[1]!, latin1);
        }
      }
    }
  }
  return decoders;
}

/** The pages in reading order: the page tree's kids, as a viewer shows them. */
function pagesOf(objects: Map<number, PdfObject>): PdfObject[] {
  const tree = [...objects.values()].find((object) => /\/Type\s*\/Pages\b/.test(object.dictionary));
  const kids = tree?.dictionary.match(/\/Kids\s*\[([^\]]*)\]/)?.[1] ?? '';
  return [...kids.matchAll(/(\d+) 0 R/g)].flatMap((ref) => objects.get(Number(ref[1])) ?? []);
}

/** Every text run, in the order the content streams show them, page by page. */
export function pdfTextRuns(pdf: Buffer): TextRun[] {
  const objects = objectsOf(pdf);
  const decoders = fontDecoders(objects);
  const runs: TextRun[] = [];
  for (const page of pagesOf(objects)) {
    const contentRef = page.dictionary.match(/\/Contents\s+(\d+) 0 R/);
    const stream = contentRef && objects.get(Number(contentRef[1]))?.stream;
    if (!stream) continue;
    const content = stream.toString('latin1');
    let font = '';
    let size = 0;
    for (const op of content.matchAll(/\/(\w+) ([\d.]+) Tf|\[(.*?)\]\s*TJ/g)) {
      if (op[1]) {
        font = op[1];
        size = Number(op[2]);
        continue;
      }
      const decode = decoders.get(font) ?? latin1;
      const text = [...op[3]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) => decode(hex[1]!)).join('');
      runs.push({ font, size, text });
    }
  }
  return runs;
}

/** The text a PDF shows, one line per text run. */
export function pdfText(pdf: Buffer): string {
  return pdfTextRuns(pdf)
    .map((run) => run.text)
    .join('\n');
}

/** The number of pages of a PDF. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
