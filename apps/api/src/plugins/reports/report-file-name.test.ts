import { attachment, reportFileName } from './report-file-name';

const day = new Date('2026-11-21T15:00:00Z');

/** The name a browser saves the file as: RFC 8187's filename* when present. */
function savedAs(header: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/.exec(header)?.[1];
  return decodeURIComponent(extended ?? '');
}

describe('the name of a downloaded report', () => {
  it.each([
    ['Łukasz', 'Żółć', 'reporte_lukasz-zolc_2026-11-21.pdf', 'reporte_Łukasz-Żółć_2026-11-21.pdf'],
    [
      'María José',
      'Castillo Peña',
      'reporte_maria-jose-castillo-pena_2026-11-21.pdf',
      'reporte_María-José-Castillo-Peña_2026-11-21.pdf',
    ],
    [
      'Søren',
      'Straße',
      'reporte_soren-strasse_2026-11-21.pdf',
      'reporte_Søren-Straße_2026-11-21.pdf',
    ],
    [
      "O'Brien",
      'Đorđević',
      'reporte_o-brien-djordjevic_2026-11-21.pdf',
      'reporte_O-Brien-Đorđević_2026-11-21.pdf',
    ],
  ])('keeps every letter of %s %s', (firstName, lastName, ascii, unicode) => {
    const name = reportFileName('reporte', { firstName, lastName }, day, 'America/Guayaquil');
    expect(name).toEqual({ ascii, unicode });
    const header = attachment(name);
    expect(header).toContain(`filename="${ascii}"`);
    expect(savedAs(header)).toBe(unicode);
  });

  it('holds nothing a file system or a header could misread', () => {
    const name = reportFileName(
      'reporte',
      { firstName: 'Ana/..\\"x', lastName: 'Pe\u0301rez;\r\n' },
      day,
      'America/Guayaquil',
    );
    expect(name.ascii).toBe('reporte_ana-x-perez_2026-11-21.pdf');
    expect(name.unicode).toBe('reporte_Ana-x-Pérez_2026-11-21.pdf');
    expect(attachment(name)).not.toMatch(/[\r\n]/);
  });

  it('names the student generically when nothing of the name is left', () => {
    expect(
      reportFileName('evaluacion', { firstName: '李', lastName: '' }, day, 'America/Guayaquil'),
    ).toEqual({
      ascii: 'evaluacion_estudiante_2026-11-21.pdf',
      unicode: 'evaluacion_李_2026-11-21.pdf',
    });
  });
});
