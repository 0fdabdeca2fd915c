import slugify from 'slugify';
import { serviceDay } from '../../lib/service-clock';

/** A download's name twice (RFC 6266): plain ASCII for old clients, the person's own letters for the rest. */
export interface DownloadName {
  /** 'reporte_lukasz-zolc_2026-11-21.pdf': transliterated (Ł → l, ß → ss), never dropped. */
  ascii: string;
  /** 'reporte_Łukasz-Żółć_2026-11-21.pdf': the name as written, only what no file name may hold removed. */
  unicode: string;
}

/** Letters, marks and digits of any script; everything else (spaces, slashes, quotes, controls) is a separator. */
const NOT_A_NAME_PART = /[^\p{L}\p{M}\p{N}]+/gu;

const joined = (text: string) => text.replace(/^-+|-+$/g, '') || 'estudiante';

/**
 * A report's file name: its kind, the student's name and the day `at` falls
 * on, on the service's clock (`timeZone`); a PDF unless `extension` says
 * otherwise (the FHIR export's `json`).
 */
export function reportFileName(
  prefix: string,
  person: { firstName: string; lastName: string },
  at: Date,
  timeZone: string,
  extension = 'pdf',
): DownloadName {
  const name = `${person.firstName} ${person.lastName}`.normalize('NFC');
  const date = serviceDay(at, timeZone);
  const parts = name.replace(NOT_A_NAME_PART, ' ').trim();
  const ascii = joined(slugify(parts, { lower: true, strict: true }).replace(/[^a-z0-9-]+/g, ''));
  const unicode = joined(parts.replace(/ +/g, '-'));
  return {
    ascii: `${prefix}_${ascii}_${date}.${extension}`,
    unicode: `${prefix}_${unicode}_${date}.${extension}`,
  };
}

/** The Content-Disposition of a download (RFC 6266 with RFC 8187's UTF-8 name). */
export function attachment(name: DownloadName): string {
  return `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.unicode)}`;
}
