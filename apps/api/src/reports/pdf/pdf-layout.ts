import PDFDocument from 'pdfkit';
import { formatDateTimeIn, MSG } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { FONT_STYLES, fontFile, printable, type FontStyle } from './pdf-fonts';

/**
 * The look shared by every report: A4, an embedded Unicode font
 * (pdf-fonts.ts), header and numbered pages. Every report is a tagged PDF
 * (headings, paragraphs and label/value tables in its structure tree,
 * Spanish as its language, its title shown by the viewer) and PDF/A-2b, so
 * that a screen reader can follow it and an archive can keep it for years
 * (docs/import-and-reports.md#reports).
 */

export const COLORS = { text: '#1b2530', muted: '#4a5560', primary: '#1f5f8b', rule: '#d5dbe1' };
const MARGIN = 50;
const HEADER_HEIGHT = 40;

export type Doc = PDFKit.PDFDocument;
type Structure = PDFKit.PDFStructureElement;

interface ReportState {
  /** When the document was generated, for its pages' header. */
  generatedAt: Date;
  /** The service's zone (SERVICE_TIME_ZONE), the one every date of the report is written in. */
  timeZone: string;
  /** The structure tree's root: every heading, paragraph and table hangs from it, in reading order. */
  root: Structure;
}

const states = new WeakMap<Doc, ReportState>();

function stateOf(doc: Doc): ReportState {
  const state = states.get(doc);
  if (!state) throw new Error('pdf-layout: the document was not made by createDocument');
  return state;
}

/** Sets the font and returns the text as that font can draw it. */
function styled(doc: Doc, style: FontStyle, size: number, color: string, text: string): string {
  doc.font(style).fontSize(size).fillColor(color);
  return printable(text, style);
}

/** One element of the structure tree, with what draw() puts on the page as its content. */
function tagged(doc: Doc, type: string, draw: () => void, parent?: Structure): Structure {
  const element = doc.struct(type);
  (parent ?? stateOf(doc).root).add(element);
  element.add(draw);
  element.end();
  return element;
}

/** Drawing that is not content (header, footer, rules): screen readers and text extraction skip it. */
function artifact(doc: Doc, type: 'Pagination' | 'Layout', draw: () => void): void {
  doc.markContent('Artifact', { type });
  draw();
  doc.endMarkedContent();
}

function rule(doc: Doc, y: number, left: number, right: number): void {
  artifact(doc, 'Layout', () => {
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
  });
}

function drawHeader(doc: Doc, generatedAt: Date, timeZone: string): void {
  const { width } = doc.page;
  const y = MARGIN - 10;
  artifact(doc, 'Pagination', () => {
    const product = `${MSG.shell.productName} · ${MSG.shell.serviceName}`;
    doc.text(styled(doc, 'bold', 10, COLORS.primary, product), MARGIN, y, { lineBreak: false });
    const stamp = SERVER_MSG.pdf.generatedAt(formatDateTimeIn(generatedAt, timeZone));
    doc.text(styled(doc, 'regular', 8, COLORS.muted, stamp), MARGIN, y + 14, {
      lineBreak: false,
    });
  });
  rule(doc, y + 28, MARGIN, width - MARGIN);
}

export function createDocument(title: string, generatedAt: Date, timeZone: string): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: MARGIN + HEADER_HEIGHT, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    info: {
      Title: title,
      Author: `${MSG.shell.productName} · ${MSG.shell.serviceName}`,
      Creator: MSG.shell.productName,
    },
    lang: 'es-ES',
    displayTitle: true,
    tagged: true,
    // 2b, not 2a: the conformance this document can be checked to hold
    // with the tools the project runs (pdfinfo, pdffonts, qpdf); it is
    // tagged all the same.
    subset: 'PDF/A-2b',
    pdfVersion: '1.7',
  });
  // The parsed font, not its bytes: pdfkit takes a fontkit font as it is
  // (its types list only files), so its tables and glyphs are read once per
  // worker thread instead of once per report, which made a ten-page report
  // six times slower.
  for (const style of FONT_STYLES) {
    doc.registerFont(style, fontFile(style).glyphs as unknown as Buffer);
  }
  doc.font('regular');
  const root = doc.struct('Document');
  doc.addStructure(root);
  // The header is drawn on every page once the text is laid out (finish):
  // drawn on 'pageAdded', in the middle of a text that crosses a page, it
  // left its small grey type to the rest of that text.
  states.set(doc, { generatedAt, timeZone, root });
  return doc;
}

/** Writes the header, "Página X de Y" and the confidentiality line on every page, then ends the document. */
export function finish(doc: Doc): Promise<Buffer> {
  const { generatedAt, timeZone, root } = stateOf(doc);
  root.end();
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const { width, height } = doc.page;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    drawHeader(doc, generatedAt, timeZone);
    artifact(doc, 'Pagination', () => {
      const options = { width: width - 2 * MARGIN, lineBreak: false } as const;
      const confidential = styled(doc, 'regular', 8, COLORS.muted, SERVER_MSG.pdf.confidential);
      doc.text(confidential, MARGIN, height - MARGIN, { ...options, align: 'left' });
      const page = SERVER_MSG.pdf.pageOf(index - range.start + 1, range.count);
      doc.text(page, MARGIN, height - MARGIN, { ...options, align: 'right' });
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

export function title(doc: Doc, text: string, subtitle?: string): void {
  tagged(doc, 'H1', () => doc.text(styled(doc, 'bold', 16, COLORS.text, text)));
  if (subtitle) {
    tagged(doc, 'P', () => doc.text(styled(doc, 'regular', 11, COLORS.muted, subtitle)));
  }
  doc.moveDown(0.8);
}

export function heading(doc: Doc, text: string): void {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
  doc.moveDown(0.6);
  tagged(doc, 'H2', () => doc.text(styled(doc, 'bold', 12.5, COLORS.primary, text)));
  rule(doc, doc.y + 2, doc.page.margins.left, doc.page.width - doc.page.margins.right);
  doc.moveDown(0.5);
}

export function subheading(doc: Doc, text: string): void {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
  doc.moveDown(0.3);
  tagged(doc, 'H3', () => doc.text(styled(doc, 'bold', 10.5, COLORS.text, text)));
  doc.moveDown(0.15);
}

/**
 * "Label: value" lines, tagged as a table of two columns whose first cell
 * is the row's header: a screen reader says "Edad: 21 años" as one row.
 */
export function fields(doc: Doc, rows: Array<[string, string]>): void {
  const table = doc.struct('Table');
  stateOf(doc).root.add(table);
  for (const [label, value] of rows) {
    const row = doc.struct('TR');
    table.add(row);
    tagged(
      doc,
      'TH',
      () => doc.text(styled(doc, 'bold', 10, COLORS.text, `${label}: `), { continued: true }),
      row,
    );
    tagged(doc, 'TD', () => doc.text(styled(doc, 'regular', 10, COLORS.text, value)), row);
    row.end();
  }
  table.end();
}

export function paragraph(
  doc: Doc,
  text: string,
  options: { muted?: boolean; italic?: boolean } = {},
): void {
  const color = options.muted ? COLORS.muted : COLORS.text;
  const style = options.italic ? 'italic' : 'regular';
  tagged(doc, 'P', () => doc.text(styled(doc, style, 10, color, text), { align: 'left' }));
}

/** A value the reader must not miss (the assessment's level), in large bold type. */
export function emphasis(doc: Doc, text: string): void {
  tagged(doc, 'P', () => doc.text(styled(doc, 'bold', 13, COLORS.text, text)));
}

export function gap(doc: Doc, lines = 0.5): void {
  doc.moveDown(lines);
}
