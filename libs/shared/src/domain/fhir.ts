/**
 * The Spanish texts of the FHIR R4 view of the Columbia assessment
 * (docs/api.md#fhir): its refusals and the Questionnaire's own words. The
 * questions, options and section names are not here: the Questionnaire takes
 * them from the form's catalogue (`columbia-scale.ts`, `MSG.assessment`). An
 * entry of its own (`@psicocampus/shared/fhir`), so that the /login bundle
 * does not carry them.
 */
export const FHIR_MSG = {
  /** A search without its one student, or with more than one. */
  subjectRequired:
    'Indica un estudiante, y solo uno, con el parámetro subject (subject=Patient/{id}).',
  notAcceptable:
    'Esta API FHIR responde solo en JSON: pide application/fhir+json o application/json.',
  questionnaireDescription:
    'Escala Columbia para la evaluación del riesgo suicida (C-SSRS), versión «desde la última visita», con el flujo del formulario de PsicoCampus: las preguntas 3 a 5 solo si la 2 es «Sí», la intensidad si la 1 o la 2 es «Sí», el comportamiento siempre que la 1 y la 2 estén respondidas, y la letalidad si hubo un intento real.',
  capabilityDescription:
    'API FHIR R4 de PsicoCampus para la Escala Columbia: el cuestionario (público) y las evaluaciones como QuestionnaireResponse, con los permisos y la auditoría del informe en PDF: solo de estudiantes de la propia carga de casos.',
  securityDescription:
    'Envía el token de sesión de un/a psicólogo/a (POST /api/auth/login) en la cabecera x-token. El cuestionario y este documento no lo necesitan.',
  /** Said on the engine's Observation, as everywhere the level is shown. */
  engineLevelMethod: 'Motor de riesgo de la Escala Columbia de PsicoCampus',
} as const;
