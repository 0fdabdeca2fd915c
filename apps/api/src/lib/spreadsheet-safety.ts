/**
 * The characters that make a spreadsheet program read a cell as a formula
 * (or a DDE command such as `=cmd|' /C calc'!A0`) once a person edits the
 * cell or the sheet travels as CSV: OWASP's "CSV injection" list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text to write into a spreadsheet cell so that it stays text: one that
 * starts like a formula gets a leading apostrophe, Excel's own mark for
 * "this is text". Every text the server writes into a spreadsheet (the import
 * template today, any export tomorrow) goes through here, because the text
 * may come from a person: a student's name, a city, a note.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
