import { inflateSync } from 'node:zlib';

/**
 * The text a PDF made by pdfkit shows, one line per text run: its content
 * streams inflated and the hex strings of every TJ decoded (WinAnsi, which
 * for Spanish is Latin-1). Enough to check what a reader would see, with no
 * external tool.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const run of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      const text = [...run[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
        .join('');
      lines.push(text);
    }
  }
  return lines.join('\n');
}

/** The number of pages of a PDF. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
