import { searchKey } from '@psicocampus/shared/domain';

/** 'reporte_maria-jose-castillo-pena_2026-11-21.pdf': the student's name and the date, ASCII-safe. */
export function reportFileName(
  prefix: string,
  person: { firstName: string; lastName: string },
  day: Date,
): string {
  const name = searchKey(`${person.firstName} ${person.lastName}`)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const date = day.toISOString().slice(0, 10);
  return `${prefix}_${name || 'estudiante'}_${date}.pdf`;
}

/** RFC 6266: a plain ASCII name for old clients, the UTF-8 one for the others. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
