/**
 * The invented material the showcase is built from: first names and surnames
 * common in Spanish-speaking Latin America, combined at random, so no student
 * is a real person; careers, cities and the texts a psychologist would write.
 */

export const FEMALE_NAMES = [
  'Adriana',
  'Alejandra',
  'Andrea',
  'Camila',
  'Carolina',
  'Daniela',
  'Diana',
  'Elena',
  'Fernanda',
  'Gabriela',
  'Isabel',
  'Jimena',
  'Karla',
  'Lorena',
  'Mariana',
  'Natalia',
  'Paola',
  'Renata',
  'Salomé',
  'Ximena',
] as const;

export const MALE_NAMES = [
  'Alejandro',
  'Bruno',
  'Carlos',
  'Cristian',
  'Diego',
  'Emilio',
  'Esteban',
  'Felipe',
  'Gabriel',
  'Joaquín',
  'Jorge',
  'Julián',
  'Luis',
  'Mateo',
  'Nicolás',
  'Pablo',
  'Ricardo',
  'Santiago',
  'Sebastián',
  'Tomás',
] as const;

/** Names used by people of any gender, for students recorded as OTRO. */
export const NEUTRAL_NAMES = ['Alex', 'Ariel', 'Cruz', 'Dani', 'Noa', 'René', 'Sam'] as const;

export const SURNAMES = [
  'Aguilar',
  'Álvarez',
  'Andrade',
  'Bravo',
  'Cabrera',
  'Calderón',
  'Campos',
  'Cedeño',
  'Cevallos',
  'Chávez',
  'Delgado',
  'Espinoza',
  'Flores',
  'Guerrero',
  'Herrera',
  'Jaramillo',
  'León',
  'Maldonado',
  'Mendoza',
  'Mora',
  'Navarrete',
  'Ochoa',
  'Palacios',
  'Quiroga',
  'Ramírez',
  'Salinas',
  'Suárez',
  'Toledo',
  'Vásquez',
  'Zambrano',
] as const;

/** Twelve careers: the statistics name ten and sum the rest as 'Otras carreras'. */
export const CAREERS = [
  'Psicología',
  'Medicina',
  'Derecho',
  'Ingeniería de Software',
  'Enfermería',
  'Administración de Empresas',
  'Arquitectura',
  'Comunicación',
  'Educación Inicial',
  'Contabilidad y Auditoría',
  'Biotecnología',
  'Economía',
] as const;

export const CITIES = [
  'Quito',
  'Guayaquil',
  'Cuenca',
  'Loja',
  'Ambato',
  'Manta',
  'Riobamba',
  'Ibarra',
  'Machala',
  'Portoviejo',
  'Latacunga',
  'Esmeraldas',
] as const;

export const APPOINTMENT_REASONS = [
  'Primera consulta',
  'Sesión de seguimiento',
  'Ansiedad ante exámenes',
  'Orientación académica',
  'Dificultades para dormir',
  'Conflictos familiares',
  'Duelo',
  'Adaptación a la vida universitaria',
  'Manejo del estrés',
  'Seguimiento tras evaluación',
] as const;

export const APPOINTMENT_NOTES = [
  '',
  '',
  'Traer el registro de sueño de la semana.',
  'Sesión en el consultorio 2 del bloque de Bienestar.',
  'Coordinar con tutoría académica si lo autoriza.',
  'Revisar tareas de la sesión anterior.',
] as const;

/** Why an appointment was cancelled, by who cancelled it (the status form's `reason`). */
export const CANCEL_REASONS = {
  STUDENT: [
    'Tiene un examen a esa hora.',
    'Viaje familiar.',
    'Se encuentra enfermo/a.',
    'Cruce con una práctica de laboratorio.',
    'Pidió cambiar la fecha por trabajo.',
  ],
  SERVICE: [
    'Feriado institucional.',
    'Reunión del equipo de Bienestar Universitario.',
    'Capacitación del personal del servicio.',
    'Corte de energía en el bloque de Bienestar.',
  ],
} as const;

/** Session notes of an everyday caseload. */
export const SESSION_NOTES = [
  'Primera entrevista. Motivo de consulta: dificultades de concentración en época de exámenes. Se acuerdan sesiones quincenales.',
  'Refiere mejor manejo del estrés académico; practica las técnicas de respiración acordadas. Se mantiene el plan.',
  'Comenta dificultades para conciliar el sueño. Se trabaja higiene del sueño y se pide un registro semanal.',
  'Sesión centrada en la organización del tiempo de estudio. Elabora un horario semanal realista.',
  'Expresa preocupación por la situación económica familiar. Se le orienta sobre las becas de Bienestar Universitario.',
  'Relata un conflicto con su grupo de trabajo. Se ensayan formas de expresar desacuerdo de manera asertiva.',
  'Buena adherencia a las tareas. Identifica pensamientos automáticos antes de las exposiciones orales.',
  'Informa que aprobó las materias que le preocupaban. Se espacian las sesiones a una por mes.',
  'Se revisa el registro de sueño: mejora en la última semana. Se refuerzan los avances.',
  'Trabaja el duelo por la pérdida de un familiar cercano. Se valida la expresión de emociones.',
  'Refiere sentirse más integrado/a en la carrera; participa en un club deportivo.',
  'Se aborda la ansiedad ante la evaluación de fin de semestre con técnicas de exposición gradual.',
] as const;

/** Notes after an assessment with a high level: the safety plan and the follow-up. */
export const FOLLOW_UP_NOTES = [
  'Se elabora el plan de seguridad con la persona estudiante; identifica señales de alerta y dos contactos de apoyo.',
  'Seguimiento tras la evaluación. Se revisa el plan de seguridad y se acuerda una cita en la próxima semana.',
  'Se coordina, con su consentimiento, la derivación a psiquiatría del centro de salud universitario.',
  'Refiere que utilizó las estrategias del plan de seguridad durante el fin de semana. Se mantiene el seguimiento semanal.',
] as const;

/** Reasons of a clinician's level confirming the scale's on a high assessment. */
export const CLINICIAN_REASONS = [
  'Coincide con la escala: ideación con método y sin red de apoyo disponible esta semana.',
  'Se confirma el nivel de la escala tras la entrevista; refiere intención y aislamiento reciente.',
] as const;

export const REMARKS = [
  'Se acuerda seguimiento semanal y revisión del plan de seguridad en la próxima cita.',
  'Derivación a psiquiatría confirmada; la persona estudiante acepta el acompañamiento.',
  'Se informa a la persona estudiante de las líneas de ayuda disponibles las 24 horas.',
] as const;
