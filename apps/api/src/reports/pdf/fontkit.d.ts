/** The part of fontkit (the font engine pdfkit lays text out with) the reports use. */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** Every character the font maps to a glyph. */
    readonly characterSet: number[];
    glyphForCodePoint(codePoint: number): unknown;
  }
  export function create(buffer: Buffer): Font;
}
