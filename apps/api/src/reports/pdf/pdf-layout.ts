import PDFDocument from 'pdfkit';
import { formatDateTime, MSG } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';

/** The look shared by every report: A4, Helvetica (renders á é í ó ú ñ ü ¿ ¡), header and numbered pages. */

export const COLORS = { text: '#1b2530', muted: '#4a5560', primary: '#1f5f8b', rule: '#d5dbe1' };
const MARGIN = 50;
const HEADER_HEIGHT = 40;

export type Doc = PDFKit.PDFDocument;

/** When each open document was generated, for its pages' header. */
const headerDates = new WeakMap<Doc, Date>();

function drawHeader(doc: Doc, generatedAt: Date): void {
  const { width } = doc.page;
  const y = MARGIN - 10;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.primary);
  doc.text(`${MSG.shell.productName} · ${MSG.shell.serviceName}`, MARGIN, y, {
    lineBreak: false,
  });
  doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
  doc.text(SERVER_MSG.pdf.generatedAt(formatDateTime(generatedAt)), MARGIN, y + 14, {
    lineBreak: false,
  });
  doc
    .moveTo(MARGIN, y + 28)
    .lineTo(width - MARGIN, y + 28)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
}

export function createDocument(title: string, generatedAt: Date): Doc {
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
  });
  // The header is drawn on every page once the text is laid out (finish):
  // drawn on 'pageAdded', in the middle of a text that crosses a page, it
  // left its small grey type to the rest of that text.
  headerDates.set(doc, generatedAt);
  return doc;
}

/** Writes the header, "Página X de Y" and the confidentiality line on every page, then ends the document. */
export function finish(doc: Doc): Promise<Buffer> {
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
    const generatedAt = headerDates.get(doc);
    if (generatedAt) drawHeader(doc, generatedAt);
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.muted);
    doc.text(SERVER_MSG.pdf.confidential, MARGIN, height - MARGIN, {
      width: width - 2 * MARGIN,
      align: 'left',
      lineBreak: false,
    });
    doc.text(SERVER_MSG.pdf.pageOf(index - range.start + 1, range.count), MARGIN, height - MARGIN, {
      width: width - 2 * MARGIN,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

export function title(doc: Doc, text: string, subtitle?: string): void {
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.text).text(text);
  if (subtitle) doc.font('Helvetica').fontSize(11).fillColor(COLORS.muted).text(subtitle);
  doc.moveDown(0.8);
}

export function heading(doc: Doc, text: string): void {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(12.5).fillColor(COLORS.primary).text(text);
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.width - doc.page.margins.right, y)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  doc.moveDown(0.5);
}

export function subheading(doc: Doc, text: string): void {
  if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
  doc.moveDown(0.3);
  doc.font('Helvetica-Bold').fontSize(10.5).fillColor(COLORS.text).text(text);
  doc.moveDown(0.15);
}

/** "Label: value" lines. */
export function fields(doc: Doc, rows: Array<[string, string]>): void {
  for (const [label, value] of rows) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(COLORS.text)
      .text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  }
}

export function paragraph(
  doc: Doc,
  text: string,
  options: { muted?: boolean; italic?: boolean } = {},
): void {
  doc
    .font(options.italic ? 'Helvetica-Oblique' : 'Helvetica')
    .fontSize(10)
    .fillColor(options.muted ? COLORS.muted : COLORS.text)
    .text(text, { align: 'left' });
}

export function gap(doc: Doc, lines = 0.5): void {
  doc.moveDown(lines);
}
