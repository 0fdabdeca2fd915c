/**
 * A student's whole record handed over on request (data-subject access:
 * GDPR, Ecuador's LOPDP; docs/api.md#record-export): its limits, its calls
 * and its Spanish texts, for the server and the screens that ask for it.
 * Kept out of `@psicocampus/shared/domain`, which the sign-in page loads
 * (docs/limits-and-budgets.md#front-end).
 */

/**
 * How much one export holds at most (docs/limits-and-budgets.md#record-export):
 * rows (notes, addenda, assessments, remarks, plan revisions, appointments)
 * and characters of their texts. Past either, a 413 and nothing is read.
 */
export const RECORD_EXPORT_MAX_RECORDS = 5_000;
export const RECORD_EXPORT_MAX_CHARACTERS = 5_000_000;
/** Rows read from the database at a time. */
export const RECORD_EXPORT_BATCH_SIZE = 200;

/** The two forms of the whole record: one PDF, or a FHIR R4 `Bundle` (JSON). */
export type RecordExportFormat = 'pdf' | 'fhir';
export const RECORD_EXPORT_FORMATS: readonly RecordExportFormat[] = ['pdf', 'fhir'];

const exportPath = (prefix: string, studentId: string, format: RecordExportFormat) =>
  `${prefix}/students/${encodeURIComponent(studentId)}/export/${format}`;

/** The calls of docs/api.md#record-export, as the screens make them. */
export const recordExportPaths = {
  /** The student's psychologist. */
  own: (studentId: string, format: RecordExportFormat) => exportPath('/api', studentId, format),
  /** An administrator, for an archived student, once the screen asked (`confirm=true`). */
  archived: (studentId: string, format: RecordExportFormat) =>
    `${exportPath('/api/admin', studentId, format)}?confirm=true`,
};

const count = (value: number) => value.toLocaleString('es-ES');
const kilobytes = (bytes: number) =>
  `${(bytes / 1024).toLocaleString('es-ES', { maximumFractionDigits: 0 })} KB`;
const records = (value: number) => `${count(value)} ${value === 1 ? 'registro' : 'registros'}`;

export const RECORD_EXPORT_MSG = {
  /** 413: past a limit, with what the record holds and the limit, so the service knows how far off it is. */
  tooLarge: (held: number, characters: number, maxRecords: number, maxCharacters: number) =>
    `El expediente es demasiado grande para exportarlo de una vez: tiene ${records(held)} y ${count(characters)} caracteres, y una exportación admite hasta ${records(maxRecords)} y ${count(maxCharacters)} caracteres. No se exportó nada; pide al equipo técnico que lo exporte por partes.`,
  /** 400: an administrator's export without `?confirm=true`. */
  confirmRequired:
    'Confirma la exportación del expediente completo de este estudiante archivado (confirm=true): contiene todos sus datos clínicos y quedará registrada en la auditoría.',
  pdf: {
    documentTitle: (student: string) => `Expediente completo · ${student}`,
    title: 'Expediente completo del estudiante',
    purpose:
      'Copia de todos los registros del estudiante, entregada a su solicitud (derecho de acceso a sus datos personales).',
    cover: 'Exportación',
    exportedBy: 'Exportado por',
    exportedAt: 'Fecha de exportación',
    timeZone: 'Zona horaria del servicio',
    archived: 'Estudiante archivado el',
    contents: 'Contenido',
    notesCount: 'Notas clínicas',
    assessmentsCount: 'Evaluaciones',
    revisionsCount: 'Versiones del plan de seguridad',
    appointmentsCount: 'Citas',
    notesTitle: 'Notas clínicas (de la más antigua a la más reciente)',
    assessmentsTitle: 'Evaluaciones (de la más antigua a la más reciente)',
    revisionsTitle: 'Plan de seguridad: todas sus versiones',
    revisionTitle: (version: number) => `Versión ${version}`,
    appointmentsTitle: 'Citas (por fecha)',
    duration: 'Duración',
    minutes: (value: number) => `${value} minutos`,
    status: 'Estado',
    cancelledBy: 'Cancelada por',
    cancelReason: 'Motivo de la cancelación',
    bookedBy: 'Agendada por',
    appointmentNotes: 'Notas de la cita',
    none: 'Ninguno.',
  },
  /** The screens: the student detail's 'Historia completa' and the archived students' export. */
  screen: {
    formatName: { pdf: 'PDF', fhir: 'FHIR (JSON)' } satisfies Record<RecordExportFormat, string>,
    /** What the server names the file otherwise (docs/api.md#record-export). */
    fallbackFileName: {
      pdf: 'expediente.pdf',
      fhir: 'expediente.json',
    } satisfies Record<RecordExportFormat, string>,
    action: 'Historia completa',
    hint: 'Todos los registros del estudiante, para entregárselos si los solicita. Cada descarga queda registrada en la auditoría.',
    /** A download button's name: its visible format, and what it downloads. */
    download: (format: string) => `Descargar la historia completa en ${format}`,
    /** While it downloads: a share when the size is known, else what arrived so far. */
    progress: (format: string, received: number, total: number | null) =>
      total
        ? `Descargando ${format}: ${Math.min(100, Math.round((received / total) * 100))} %`
        : `Descargando ${format}: ${kilobytes(received)} recibidos`,
    downloadError: 'No se pudo descargar la historia completa.',
    /** The administrator's 'Estudiantes archivados'. */
    columnExport: 'Expediente',
    exportName: (student: string, format: string) =>
      `Exportar el expediente de ${student} en ${format}`,
    confirmTitle: '¿Exportar el expediente completo?',
    confirmText: (student: string, format: string) =>
      `Se descargará el expediente completo de ${student} en ${format}, con todos sus datos clínicos. La exportación quedará registrada en el registro de auditoría con tu nombre.`,
    confirmButton: 'Sí, exportar',
    exportError: 'No se pudo exportar el expediente.',
  },
  fhir: {
    noteType: 'Nota clínica',
    addendumType: 'Adenda a una nota clínica',
    remarkType: 'Observación final de una evaluación',
    carePlanTitle: (version: number) => `Plan de seguridad, versión ${version}`,
  },
} as const;
