/** The Terms and Conditions of the login screen (docs/screens-and-routes.md#login-screen: five sections). */
export const TERMS_SECTIONS: ReadonlyArray<{ title: string; paragraphs: readonly string[] }> = [
  {
    title: '1. Aceptación de los términos',
    paragraphs: [
      'PsicoCampus es el sistema de historias clínicas del Servicio de Orientación Psicológica de la universidad. Al iniciar sesión declaras que eres personal autorizado del servicio y que aceptas estos Términos y Condiciones, la normativa de protección de datos personales vigente y el código deontológico de tu profesión.',
      'Si no estás de acuerdo con alguno de estos términos, no inicies sesión y comunícalo a la administración del servicio.',
    ],
  },
  {
    title: '2. Uso del servicio',
    paragraphs: [
      'Tu cuenta es personal e intransferible. No compartas tu contraseña ni dejes una sesión abierta en un equipo sin supervisión; la sesión se cierra sola tras 30 minutos sin actividad.',
      'Accede únicamente a la información de los estudiantes que tienes asignados y solo para su atención psicológica. Cada consulta y cada cambio quedan registrados con tu nombre, la fecha y la dirección desde la que se hicieron.',
      'La evaluación de riesgo suicida de la escala Columbia es una ayuda para la decisión clínica y no sustituye el juicio profesional. Ante un riesgo inminente, sigue el protocolo de crisis del servicio.',
    ],
  },
  {
    title: '3. Privacidad y confidencialidad',
    paragraphs: [
      'Los datos de salud de los estudiantes son datos especialmente protegidos. Se usan solo para la atención psicológica y la gestión del servicio, no se ceden a terceros salvo obligación legal, y se conservan durante el plazo que fija la normativa de historias clínicas.',
      'No copies, imprimas ni exportes información clínica fuera de PsicoCampus salvo cuando la atención del estudiante lo requiera, y protege los informes PDF que descargues como cualquier documento clínico.',
      'Los estudiantes pueden ejercer sus derechos de acceso, rectificación y demás derechos sobre sus datos ante la universidad, a través del procedimiento que esta establezca.',
    ],
  },
  {
    title: '4. Modificaciones',
    paragraphs: [
      'La universidad puede modificar estos términos para adaptarlos a cambios legales, técnicos o del propio servicio. Los cambios relevantes se anunciarán en la pantalla de acceso y se pedirá de nuevo tu aceptación.',
    ],
  },
  {
    title: '5. Limitación de responsabilidad',
    paragraphs: [
      'La universidad pone los medios técnicos y organizativos razonables para que PsicoCampus esté disponible y proteja la información, pero no garantiza un funcionamiento ininterrumpido. Ante una caída del sistema, el servicio mantiene sus procedimientos alternativos de registro.',
      'Cada profesional es responsable del contenido clínico que registra y de las decisiones que toma a partir de él. La universidad no responde del uso de la plataforma contrario a estos términos.',
    ],
  },
];
