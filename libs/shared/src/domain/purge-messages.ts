/**
 * What `npm run purge` prints (apps/api/src/cli/purge.ts,
 * docs/data-model.md#retention-and-purge): part of SERVER_MSG.cli, kept in a
 * file of its own so that the catalogue stays readable. Counts, ids and
 * dates only: never a name or a clinical text.
 */

/** How many records of each kind a student had, as the command writes them. */
export interface PurgeCounts {
  notes: number;
  addenda: number;
  assessments: number;
  finalRemarks: number;
  safetyPlanRevisions: number;
  appointments: number;
}

const countsText = (c: PurgeCounts) =>
  `notas: ${c.notes}, adendas: ${c.addenda}, evaluaciones: ${c.assessments}, ` +
  `observaciones posteriores: ${c.finalRemarks}, revisiones del plan de seguridad: ${c.safetyPlanRevisions}, citas: ${c.appointments}`;

export const PURGE_MSG = {
  usage: 'Uso: npm run purge [-- --dry-run]',
  databaseUnavailable: (reason: string) => `No se pudo abrir la base de datos: ${reason}`,
  notOwner: (role: string) =>
    `npm run purge borra historias clínicas y solo lo hace el rol propietario del esquema; esta conexión es del rol ${role}. ` +
    'Define MIGRATION_DATABASE_URL con la dirección del propietario (la misma que usa npm run migrate). ' +
    'Para ver qué se borraría sin borrar nada: npm run purge -- --dry-run.',
  /** `cutoff`: the day before which the later of the archive and the last activity must fall. */
  heading: (years: number, cutoff: string) =>
    `Estudiantes archivados fuera del plazo de conservación (${years} años: archivados y sin actividad clínica desde antes del ${cutoff}):`,
  none: (years: number) =>
    `Ningún estudiante archivado ha superado el plazo de conservación (${years} años). No se borró nada.`,
  noActivity: 'ninguna',
  entry: (id: string, archivedAt: string, lastActivity: string, counts: PurgeCounts) =>
    `- Estudiante ${id} · archivado: ${archivedAt} · última actividad clínica: ${lastActivity} · ${countsText(counts)}`,
  dryRunSummary: (students: number) =>
    `${students} ${students === 1 ? 'estudiante se eliminaría' : 'estudiantes se eliminarían'} definitivamente. ` +
    'Es una simulación (--dry-run): no se borró nada.',
  purged: (index: number, total: number, id: string, counts: PurgeCounts) =>
    `[${index}/${total}] Eliminado el estudiante ${id} (${countsText(counts)}).`,
  skipped: (index: number, total: number, id: string) =>
    `[${index}/${total}] El estudiante ${id} ya no está archivado fuera del plazo (se restauró o tuvo actividad): se conserva.`,
  summary: (purged: number, skipped: number) =>
    `Purga terminada: ${purged} ${purged === 1 ? 'estudiante eliminado' : 'estudiantes eliminados'} definitivamente, ` +
    `cada uno con su entrada en el registro de auditoría (solo recuentos)${skipped > 0 ? `; ${skipped} conservados` : ''}. ` +
    'Las estadísticas del servicio no cambian.',
  backupsStillHold:
    'Las copias de seguridad hechas antes de hoy aún contienen sus datos: se borran cuando esas copias caducan (README, "Retention and purge").',
  failed: (id: string, reason: string) =>
    `No se pudo eliminar el estudiante ${id}: ${reason}. No se borró nada de él; los eliminados antes siguen eliminados.`,
  crashed: 'No se pudo completar la purga:',
} as const;
