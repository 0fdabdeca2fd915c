/**
 * What `npm run assessments:check` prints (apps/api/src/cli/assessments-check.ts,
 * docs/columbia-assessment.md#contradicting-answers): part of SERVER_MSG.cli,
 * kept in a file of its own so that the catalogue stays readable.
 */
export const ASSESSMENTS_CHECK_MSG = {
  usage: 'Uso: npm run assessments:check',
  databaseUnavailable: (reason: string) => `No se pudo abrir la base de datos: ${reason}`,
  heading:
    'Evaluaciones guardadas con respuestas que se contradicen (se conservan tal como se registraron; esta orden no modifica nada):',
  entry: (id: string, student: string, date: string, author: string) =>
    `- Evaluación ${id} · Estudiante: ${student} · Fecha: ${date} · Evaluador/a: ${author}`,
  field: (field: string, msg: string) => `    · ${field}: ${msg}`,
  summary: (checked: number, found: number) =>
    `Evaluaciones revisadas: ${checked}. Con respuestas que se contradicen: ${found}.`,
  noneFound: 'Ninguna evaluación guardada tiene respuestas que se contradigan.',
  whatNext:
    'Cada una se muestra marcada en su pantalla, en el historial del estudiante y en su PDF. Revísalas con quien las registró; si hace falta, registra una evaluación nueva o una observación posterior.',
  crashed: 'No se pudieron revisar las evaluaciones:',
};
