import { PURGE_MSG } from './purge-messages';
import { ASSESSMENTS_CHECK_MSG } from './assessments-check-messages';
import { ROTATE_KEY_MSG, SEALED_TEXT_MSG } from './sealed-text-messages';

export type { PurgeCounts } from './purge-messages';

/**
 * The part of the Spanish message catalogue that only the server shows: the
 * PDF reports, the mails, the import's template and the operator's commands. It is its own entry,
 * `@psicocampus/shared/server-messages`, which no front end imports, so
 * that none of these texts reaches a page. Same conventions as MSG
 * (messages.ts): one area per key, a function where a text takes values.
 */
export const SERVER_MSG = {
  /**
   * A refused `?page=` or `?pageSize=` of a paged list
   * (docs/api.md#paged-lists), on its field: the bounds it broke.
   */
  paging: {
    page: (max: number) =>
      `La página debe ser un número entero entre 1 y ${max.toLocaleString('es-ES')}.`,
    pageSize: (max: number) =>
      `El tamaño de página debe ser un número entero entre 1 y ${max.toLocaleString('es-ES')}.`,
  },

  /**
   * A new student, typed or imported, that the embedded database cannot hold
   * (docs/limits-and-budgets.md#embedded-database): nothing was saved; what
   * to do instead. `room` is how many more students it can still hold.
   */
  embeddedCapacity: {
    full: (max: number) =>
      `La base de datos integrada admite hasta ${max.toLocaleString('es-ES')} estudiantes y ya los tiene: no se guardó nada. Para registrar más, el servicio debe pasar a PostgreSQL (README, «Production»); avisa a quien lo administra.`,
    importTooLarge: (max: number, room: number) =>
      `La base de datos integrada admite hasta ${max.toLocaleString('es-ES')} estudiantes y solo caben ${room.toLocaleString('es-ES')} más: no se importó nada. Importa como mucho ${room.toLocaleString('es-ES')} filas, o pasa el servicio a PostgreSQL (README, «Production»).`,
  },

  /** A stored clinical text the server cannot open (docs/decisions.md#clinical-texts-sealed-at-rest). */
  sealedText: SEALED_TEXT_MSG,

  /** The PDF reports (apps/api/src/reports/pdf). */
  pdf: {
    generatedAt: (when: string) => `Generado el ${when}`,
    confidential:
      'Documento confidencial: contiene datos de salud. No lo reenvíe ni lo imprima sin necesidad.',
    pageOf: (page: number, total: number) => `Página ${page} de ${total}`,
    unanswered: 'Sin responder',
    answer: 'Respuesta',
    evaluatedBy: 'Evaluado por',
    studentReport: {
      documentTitle: (name: string) => `Reporte general · ${name}`,
      title: 'Reporte general del estudiante',
      studentData: 'Datos del estudiante',
      psychologistName: 'Nombre',
      psychologistEmail: 'Correo electrónico',
    },
    assessmentReport: {
      student: 'Estudiante',
      career: 'Carrera',
      date: 'Fecha de la evaluación',
      noObservations: 'Sin observaciones.',
    },
  },

  /** The mails (apps/api/src/mail/templates.ts). */
  mail: {
    signature: 'Servicio de Orientación Psicológica · PsicoCampus',
    buttonFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    greeting: (firstName: string) => `Hola, ${firstName}:`,
    goToApp: 'Ir a PsicoCampus',
    passwordReset: {
      subject: 'Restablece tu contraseña de PsicoCampus',
      request:
        'Recibimos una solicitud para restablecer la contraseña de tu cuenta de PsicoCampus.',
      validity:
        'El enlace es válido durante 30 minutos y solo puede usarse una vez. Si no lo pediste, ignora este mensaje: tu contraseña no cambiará.',
      button: 'Restablecer contraseña',
    },
    loginAlert: {
      subject: 'Intentos fallidos de inicio de sesión en tu cuenta de PsicoCampus',
      attempts: (failures: number, places: number) =>
        `Alguien escribió una contraseña equivocada para tu cuenta de PsicoCampus ${failures} veces en los últimos 15 minutos, desde ${places === 1 ? 'un lugar' : `${places} lugares distintos`}.`,
      slowedDown:
        'Para protegerla, cada nuevo intento desde un lugar en el que no has iniciado sesión espera unos segundos. Tú puedes seguir entrando con tu contraseña.',
      ifNotYou:
        'Si no fuiste tú, no hace falta que hagas nada. Si crees que alguien conoce tu contraseña, cámbiala en «Configuración» y activa el segundo factor.',
    },
    mfaReset: {
      subject: 'Se restableció el segundo factor de tu cuenta de PsicoCampus',
      reset: (by: string) =>
        `${by} restableció el segundo factor de tu cuenta de PsicoCampus y todas tus sesiones abiertas se cerraron. Al volver a iniciar sesión configurarás uno nuevo si tu cuenta lo necesita.`,
      ifNotYou: 'Si no lo pediste, avisa cuanto antes a la administración del servicio.',
    },
    passwordChanged: {
      subject: 'Tu contraseña de PsicoCampus cambió',
      changed:
        'La contraseña de tu cuenta de PsicoCampus acaba de cambiar y todas las sesiones abiertas se cerraron.',
      ifNotYou:
        'Si no fuiste tú, solicita un nuevo enlace desde la pantalla de acceso y avisa a la administración del servicio.',
    },
    invitation: {
      subject: 'Te invitaron a PsicoCampus: crea tu contraseña',
      /** Who invited, when an operator ran create-admin rather than an administrator. */
      byOperator: 'La administración del servicio',
      invited: (who: string, role: string) =>
        `${who} te invitó a PsicoCampus con el rol de ${role}.`,
      about:
        'PsicoCampus es el sistema del Servicio de Orientación Psicológica de la universidad: en él se llevan las historias clínicas de los estudiantes atendidos, sus notas, citas y evaluaciones de riesgo, y las estadísticas del servicio.',
      start: (days: number, email: string) =>
        `Para empezar, crea tu contraseña con el enlace de abajo. El enlace es válido durante ${days} días y solo puede usarse una vez. Después inicia sesión con este correo (${email}) y tu nueva contraseña.`,
      ifUnexpected:
        'Si no esperabas esta invitación, ignora este mensaje y avisa a la administración del servicio.',
      button: 'Crear mi contraseña',
    },
    emailChangeRequested: {
      subject: 'Se pidió cambiar el correo de tu cuenta de PsicoCampus',
      byOwner: 'desde tu propio perfil, con tu contraseña',
      byAdmin: (name: string) => `por un administrador del servicio (${name})`,
      requested: (newEmail: string, who: string) =>
        `Se pidió cambiar el correo de tu cuenta de PsicoCampus a ${newEmail}, ${who}.`,
      pending: (newEmail: string) =>
        `El cambio solo se aplicará si alguien lo confirma desde ${newEmail} en las próximas 24 horas. Hasta entonces tu cuenta sigue usando esta dirección.`,
      ifNotYouOwner:
        'Si no fuiste tú, alguien conoce tu contraseña: cámbiala ya (en la pantalla de acceso, «¿Olvidaste tu contraseña?») y avisa a la dirección del servicio.',
      ifNotYouAdmin:
        'Si no lo esperabas, avisa hoy mismo a la dirección del servicio: quien controle la nueva dirección podría recibir después el enlace para cambiar tu contraseña.',
    },
    emailChangeConfirm: {
      subject: 'Confirma tu nuevo correo de PsicoCampus',
      byOwner: 'Pediste',
      byAdmin: (name: string) => `Un administrador del servicio (${name}) pidió`,
      use: (who: string, email: string) =>
        `${who} usar esta dirección (${email}) como correo de tu cuenta de PsicoCampus.`,
      howTo:
        'Para confirmarlo, abre el enlace y pulsa «Confirmar correo». El enlace es válido durante 24 horas y solo puede usarse una vez. Al confirmarlo se cerrarán las sesiones abiertas de la cuenta.',
      ifUnexpected: 'Si no esperabas este mensaje, ignóralo: nada cambiará.',
      button: 'Confirmar correo',
    },
    emailChanged: {
      subject: 'El correo de tu cuenta de PsicoCampus cambió',
      changed: (oldEmail: string, newEmail: string) =>
        `El correo de tu cuenta de PsicoCampus cambió de ${oldEmail} a ${newEmail}, y todas las sesiones abiertas de la cuenta se cerraron. Desde ahora se inicia sesión con ${newEmail}.`,
      lastMail:
        'Este es el último mensaje sobre la cuenta que llega a esta dirección. Si no fuiste tú ni lo esperabas, avisa de inmediato a la dirección del servicio.',
    },
    studentReassigned: {
      subject: 'Un estudiante de tu lista fue reasignado en PsicoCampus',
      unassigned: 'dejó sin psicólogo/a asignado/a',
      reassigned: 'asignó a otro/a psicólogo/a',
      changed: (by: string, what: string, at: string) =>
        `Un administrador del servicio (${by}) ${what} a un/a estudiante de tu lista (${at}). Desde ese momento ya no ves su ficha, sus notas ni sus evaluaciones en PsicoCampus.`,
      privacy:
        'Por privacidad, este correo no dice de quién se trata. Si no esperabas el cambio, consulta tu lista de pacientes y habla con la dirección del servicio.',
    },
    /**
     * To the student, about an appointment (docs/decisions.md#appointments): only when, where and
     * how to cancel. No reason, no note, no word of the service's kind of
     * care: the mail may be read on a shared screen or by someone else.
     */
    appointment: {
      /** The calendar event's title, in the student's calendar. */
      eventTitle: 'Cita en PsicoCampus',
      signature: 'PsicoCampus',
      reminderSubject: 'Recordatorio de tu cita',
      updatedSubject: 'Tu cita cambió de fecha u hora',
      cancelledSubject: 'Tu cita fue cancelada',
      reminder: (when: string) => `Te recordamos tu cita del ${when}.`,
      updated: (when: string) => `Tu cita cambió: ahora es el ${when}.`,
      cancelled: (when: string) => `Tu cita del ${when} fue cancelada.`,
      duration: (minutes: number) => `Duración: ${minutes} minutos.`,
      place: (place: string) => `Lugar: ${place}.`,
      calendar: 'El archivo adjunto (.ics) la añade a tu calendario o lo actualiza.',
      calendarCancelled: 'El archivo adjunto (.ics) la quita de tu calendario.',
      howToCancel:
        'Si no puedes asistir, comunícate con el servicio por sus medios de contacto habituales para cancelarla o cambiarla.',
      rebook: 'Si quieres otra cita, comunícate con el servicio.',
    },
  },

  /**
   * What an answer says of a mail that has not left yet (docs/decisions.md#mail): it waits
   * in the queue and is retried; an administrator sees it under Correos.
   */
  mailQueue: {
    userCreated:
      'Usuario creado. El correo con el enlace para crear su contraseña aún no ha salido: quedó en cola y se reintentará. Puedes ver su estado en Correos.',
    resetLink:
      'El enlace aún no ha salido: el correo quedó en cola y se reintentará. Puedes ver su estado en Correos.',
    emailChangeByAdmin: (email: string) =>
      `Usuario actualizado. El enlace de confirmación para ${email} aún no ha salido: quedó en cola y se reintentará (su estado, en Correos). El correo cambiará cuando se confirme desde esa dirección.`,
    emailChangeOwn: (email: string) =>
      `El enlace de confirmación para ${email} aún no ha salido: quedó en cola y se reintentará en unos minutos. El correo cambiará cuando lo confirmes desde esa dirección.`,
    confirmedInvite: (email: string) =>
      `Listo: el correo de tu cuenta ahora es ${email}. El enlace para crear tu contraseña aún no ha salido: llegará a esa dirección en cuanto se pueda enviar.`,
    retrySent: 'Correo enviado.',
    retryQueued:
      'El correo volvió a la cola, pero aún no ha salido: se reintentará en unos minutos.',
    notFound: 'El correo no existe.',
    notFailed: 'Solo se puede reintentar un correo que falló.',
  },

  /** The import's template, plantilla_usuarios.xlsx (apps/api/src/plugins/import). */
  import: {
    sheetName: 'Estudiantes',
    /** Who the template's comments are signed by. */
    commentAuthor: 'PsicoCampus',
    pickFromList: (labels: string) => `Elige un valor de la lista: ${labels}.`,
    /** Each header's comment: format, limits and allowed values (docs/rules-and-messages.md#validation-rules). */
    help: {
      firstName:
        'Obligatorio. Letras y espacios (se admiten tildes y ñ), y un guion o un apóstrofo entre dos letras, de 2 a 30 caracteres. Ejemplo: María José.\nLa fila 2 es un ejemplo: reemplázala o bórrala antes de importar.',
      lastName:
        "Obligatorio. Letras y espacios (se admiten tildes y ñ), y un guion o un apóstrofo entre dos letras, de 2 a 30 caracteres. Ejemplos: Castillo Peña, Pérez-Luna, O'Brien.",
      age: 'Obligatorio. Número entero de 0 a 100.',
      gender: (labels: string) => `Obligatorio. Elige de la lista: ${labels}.`,
      email:
        'Obligatorio. Un correo electrónico válido, distinto en cada fila. Si ya hay un estudiante con ese correo, esa fila no se importa (se informa) y el registro existente no se modifica.',
      phone:
        'Obligatorio. Un signo + opcional y después de 6 a 15 dígitos, espacios o guiones. Ejemplos: 0991234567, +593 99 123 4567.',
      city: 'Obligatorio. De 2 a 50 caracteres. Ejemplo: Quito.',
      career:
        'Obligatorio. Nombre de la carrera, de 2 a 50 caracteres. Ejemplo: Psicología Clínica.',
      careerLevel: (labels: string) => `Obligatorio. Elige de la lista: ${labels}.`,
      employmentStatus: (labels: string) => `Obligatorio. Elige de la lista: ${labels}.`,
      income:
        'Opcional. Ingreso mensual en dólares (USD): un número mayor o igual a 0, sin el signo $. Déjalo vacío si no tiene ingresos.',
    },
    /** The template's example row: a made-up student, as a psychologist would type one in. */
    example: {
      firstName: 'Daniela Alejandra',
      lastName: 'Guzmán Herrera',
      email: 'daniela.guzman@estudiantes.uce.edu.ec',
      city: 'Quito',
      career: 'Psicología Clínica',
    },
    // The import's answers: only the server (its worker) writes them.
    created: (count: number) =>
      count === 1 ? 'Se importó 1 estudiante.' : `Se importaron ${count} estudiantes.`,
    invalidRows: (count: number) =>
      count === 1
        ? 'El archivo tiene 1 problema; no se importó ningún estudiante.'
        : `El archivo tiene ${count} problemas; no se importó ningún estudiante.`,
    tooManyRows: 'El archivo supera el máximo de 5.000 filas.',
    empty: 'El archivo no tiene filas de estudiantes.',
    missingColumns: (columns: string, sheet: string, row: number) =>
      `Faltan columnas de la plantilla: ${columns}. Se leyó la primera hoja del libro, «${sheet}», y su fila ${row} se tomó como la de los encabezados: copia los datos en la primera hoja, con los encabezados de la plantilla en una fila.`,
    /** What could not be read, so that the person knows what to do (docs/import-and-reports.md#import). */
    unreadable: {
      /** The container itself: not a whole zip (.xlsx) or compound file (.xls). */
      file: 'El archivo está dañado o incompleto: no se pudo abrir como libro de hojas de cálculo. Descárgalo o guárdalo de nuevo como .xlsx e inténtalo otra vez.',
      /** A zip without any worksheet: a Word document or another package named .xlsx. */
      noSheet:
        'El archivo no tiene ninguna hoja de cálculo: parece otro tipo de documento guardado como .xlsx. Copia los datos en la plantilla e inténtalo otra vez.',
      /** The workbook opened, its first sheet did not read. */
      sheet:
        'Se abrió el libro, pero no se pudo leer el contenido de su primera hoja. Guárdalo de nuevo como .xlsx (Excel, LibreOffice o Google Sheets) e inténtalo otra vez.',
    },
    tooMuchContent:
      'El archivo es demasiado grande una vez descomprimido (demasiados datos o celdas para una lista de estudiantes). Copia solo las filas de estudiantes en la plantilla, sin otras hojas, e inténtalo otra vez.',
    duplicateInFile: 'Este correo aparece más de una vez en el archivo',
    /** A number column whose cell holds text that is not a number: what was expected, and what was read. */
    notANumber: (expected: string, read: string) => `${expected}; se leyó «${read}»`,
    ageNotANumber: 'La edad debe ser un número entre 0 y 100',
    phoneAsNumber: (read: string) =>
      `El teléfono está guardado como número (se leyó «${read}») y pudo perder el 0 inicial: da a la columna formato de texto y escríbelo como se marca.`,
    encryptedFile:
      'El archivo está protegido con contraseña: quítale la contraseña y vuelve a subirlo.',
    alreadyRunning:
      'Ya tienes una importación en curso. Espera a que termine e inténtalo de nuevo en unos segundos.',
    serverBusy:
      'El servidor está procesando otras importaciones. Inténtalo de nuevo en unos segundos.',
    unavailable:
      'No se pudo procesar el archivo en este momento. Inténtalo de nuevo en unos minutos.',
  },

  /** What the operator's commands print (apps/api/src/cli). */
  /** The appointments' refusals (apps/api/src/plugins/appointments): the screens show the server's msg. */
  appointments: {
    notFound: 'La cita no existe o no es de un estudiante asignado a ti.',
    /** `when` in the service's time zone; `more`: how many other appointments it also overlaps. */
    overlap: (reason: string, student: string, when: string, more: number) =>
      `Esta cita se cruza con «${reason}» de ${student}, ${when}${more > 0 ? ` (y ${more} ${more === 1 ? 'cita más' : 'citas más'})` : ''}. ¿Agendarla de todos modos?`,
    onlyNotesWhenClosed:
      'La cita ya fue cerrada: solo se pueden editar sus notas, no su fecha, duración ni motivo.',
    cannotCancelAttended:
      'La cita ya fue cerrada: no se puede cancelar una cita a la que el estudiante asistió.',
    alreadyClosed: (status: string) =>
      `La cita ya fue cerrada (${status}): su estado no puede cambiar.`,
    notStartedYet:
      'La cita aún no ha empezado: podrás marcar si el estudiante asistió cuando llegue su hora.',
    rangeInvalid:
      'Indica el periodo con dos fechas válidas: from (inicio) y to (fin), en formato ISO 8601.',
    rangeOrder: 'El fin del periodo (to) debe ser posterior a su inicio (from).',
    rangeTooLong: (days: number) => `El periodo no puede superar los ${days} días.`,
    /** The caseload's list by page takes one end: from an instant on, or before it. */
    afterOrBefore:
      'Indica solo after (las citas desde esa fecha) o before (las anteriores a ella); para un periodo usa from y to.',
  },

  /** The psychologist's iCalendar feed (docs/api.md#calendar-feed): its answers and its events' titles. */
  calendar: {
    noFeed: 'No tienes un enlace de calendario. Crea uno primero.',
    created: 'Enlace de calendario creado. Cópialo ahora: por seguridad no se vuelve a mostrar.',
    updated: 'Preferencia del calendario guardada.',
    revoked: 'Enlace de calendario revocado: ya no muestra tu agenda.',
    /** Answered, as plain text, for a link that does not exist or was revoked. */
    feedNotFound: 'Este enlace de calendario no existe o fue revocado.',
    feedName: 'PsicoCampus · Agenda',
    /** Each event's description: when, on the service's clock, and which clock that is. */
    eventWhen: (when: string, timeZone: string) => `${when} (hora del servicio, ${timeZone})`,
    /** 'Cita (Programada)', or 'Cita: Ana Pérez (Asistió)' when names are shown. */
    eventTitle: (status: string, student: string | null) =>
      student ? `Cita: ${student} (${status})` : `Cita (${status})`,
  },

  cli: {
    invalidConfig: (reason: string) => `Configuración inválida: ${reason}`,
    invalidOption: (option: string) => `Opción no válida o sin valor: ${option}.`,
    invalidArguments: 'Los argumentos no son válidos.',
    createAdmin: {
      usage:
        'Uso: npm run create-admin -- --email <correo> --first-name <nombres> --last-name <apellidos> [--phone <teléfono>]',
      checkData: 'No se creó la cuenta. Revisa los datos:',
      databaseUnavailable: (reason: string) => `No se pudo abrir la base de datos: ${reason}`,
      notCreated: (reason: string) => `No se creó la cuenta: ${reason}`,
      created: (name: string, email: string) =>
        `Cuenta de administración creada: ${name} <${email}>.`,
      linkFollows: (days: number) =>
        `Enlace para crear la contraseña (válido durante ${days} días, de un solo uso):`,
      mailSaved: (file: string) => `El correo de invitación se guardó en ${file}`,
      mailSent: (email: string) => `Se envió la invitación por correo a ${email}.`,
      mailFailed: (reason: string) =>
        `No se pudo enviar el correo de invitación (${reason}). Usa el enlace de arriba.`,
      crashed: 'No se pudo crear la cuenta de administración:',
    },
    resetMfa: {
      usage: 'Uso: npm run reset-mfa -- --email <correo>',
      databaseUnavailable: (reason: string) => `No se pudo abrir la base de datos: ${reason}`,
      notFound: (email: string) => `No hay ninguna cuenta con el correo ${email}.`,
      done: (name: string, email: string) =>
        `Segundo factor restablecido: ${name} <${email}>. Sus sesiones se cerraron; al iniciar sesión lo configurará de nuevo si su cuenta lo necesita.`,
      nothingToReset: (name: string, email: string) =>
        `${name} <${email}> no tenía segundo factor; se cerraron sus sesiones igualmente.`,
      crashed: 'No se pudo restablecer el segundo factor:',
    },
    /** `npm run assessments:check` (docs/columbia-assessment.md#contradicting-answers). */
    assessmentsCheck: ASSESSMENTS_CHECK_MSG,
    /** `npm run purge` (docs/data-model.md#retention-and-purge). */
    purge: PURGE_MSG,
    /** `npm run rotate-key` (docs/decisions.md#clinical-texts-sealed-at-rest). */
    rotateKey: ROTATE_KEY_MSG,
    auditVerify: {
      usage: 'Uso: npm run audit:verify [-- --anchor N:HUELLA]',
      invalidAnchor:
        'El ancla se escribe número:huella, como la imprime esta orden (por ejemplo --anchor 1234:3fa2…, con los 64 caracteres de la huella).',
      databaseUnavailable: (reason: string) => `No se pudo abrir la base de datos: ${reason}`,
      keepHead: (seq: number, hash: string) =>
        `Guarda esa huella fuera del servidor (anotada, o en un correo) y compruébala más adelante: npm run audit:verify -- --anchor ${seq}:${hash}`,
      empty: 'El registro de auditoría no tiene entradas todavía.',
      anchorHolds: (seq: number) =>
        `La entrada n.º ${seq} conserva la huella del ancla: nada hasta ella se reescribió.`,
      anchorMissing: (seq: number) =>
        `La entrada n.º ${seq} del ancla ya no está en el registro: se borraron entradas del final.`,
      anchorRewritten: (seq: number) =>
        `La entrada n.º ${seq} ya no tiene la huella del ancla: la cadena se recalculó desde esa entrada o desde una anterior.`,
      whatNext:
        'Conserva una copia de la base de datos tal como está (npm run backup) y revisa quién tiene las credenciales del rol propietario y del superusuario (SECURITY.md).',
      crashed: 'No se pudo comprobar el registro de auditoría:',
    },
    migrate: {
      invalidUrl: '(dirección no válida)',
      noTables: '(ninguna)',
      unexpectedArguments: (args: string) => `Argumentos no esperados: ${args}`,
      usage:
        'Uso: npm run migrate (lee MIGRATION_DATABASE_URL o DATABASE_URL, y DATABASE_APP_ROLE)',
      appRoleNeedsPostgres:
        'DATABASE_APP_ROLE solo se usa con PostgreSQL: define MIGRATION_DATABASE_URL (o DATABASE_URL) con el rol propietario del esquema.',
      pgliteFailed: (reason: string) => `No se pudo migrar la base de datos PGlite: ${reason}`,
      pgliteUpToDate: (dataDir: string) =>
        `Base de datos PGlite de ${dataDir} al día (tiene un solo rol: no hay permisos que dar).`,
      migrating: (url: string) => `Migrando la base de datos PostgreSQL ${url}...`,
      applied: (names: string) => `Migraciones aplicadas: ${names}.`,
      nonePending: 'No había migraciones pendientes.',
      grantsTitle: (role: string) => `Permisos del rol ${role}, el del servidor:`,
      appendOnly: (privileges: string, tables: string) =>
        `  - ${privileges} (nunca UPDATE, DELETE ni TRUNCATE) en ${tables};`,
      readWrite: (privileges: string, count: number) =>
        `  - ${privileges} en las otras ${count} tablas;`,
      ownsNothing: '  - no es propietario de nada y no puede crear ni alterar tablas ni esquemas.',
      noAppRole:
        'DATABASE_APP_ROLE no está definido: no se dieron permisos a otro rol. Si el servidor usa este mismo rol, puede alterar y borrar el registro de auditoría (deploy/README.md, "The database").',
      failed: (reason: string) => `No se pudo migrar la base de datos: ${reason}`,
      crashed: 'No se pudo migrar la base de datos:',
    },
    backup: {
      backupUsage: 'Uso: npm run backup [-- --out <archivo>]',
      restoreUsage: 'Uso: npm run restore -- <archivo>',
      /** The tables whose row counts the operator reads, with the names the screens use. */
      tables: {
        users: 'Cuentas',
        students: 'Estudiantes',
        clinicalNotes: 'Notas clínicas',
        suicideAssessments: 'Evaluaciones C-SSRS',
        appointments: 'Citas',
        auditLog: 'Registro de auditoría',
      },
      installClient:
        'Instala el cliente de PostgreSQL, de la misma versión mayor que el servidor o más nueva ' +
        '(en Debian o Ubuntu: sudo apt-get install postgresql-client) y vuelve a intentarlo.',
      pgliteInUse: (dataDir: string, pidFile: string) => [
        `La base de datos PGlite de ${dataDir} está abierta: PsicoCampus está en marcha con este DATA_DIR, o se detuvo sin cerrarla.`,
        'PGlite solo admite un proceso a la vez: detén el servidor (Ctrl+C o su servicio) y vuelve a intentarlo.',
        `Si el servidor no está en marcha, arráncalo y detenlo una vez para que cierre la base de datos (o borra ${pidFile}, solo si estás seguro de que ningún proceso la usa).`,
      ],
      noPglite: (dataDir: string) =>
        `No hay una base de datos PGlite en ${dataDir}. Revisa DATA_DIR.`,
      folderNotEmpty: (target: string) => [
        `Ya hay una base de datos en ${target}; la restauración solo escribe en una carpeta vacía.`,
        `Detén el servidor, aparta esa carpeta (por ejemplo: mv "${target}" "${target}.anterior") y vuelve a intentarlo,`,
        'o restaura en otro DATA_DIR.',
      ],
      notPgliteCopy: (file: string, reason: string) =>
        `${file} no se pudo cargar como copia de PGlite (${reason}). ¿Es un archivo de npm run backup?`,
      notPsicoCampus: (file: string) => `${file} no contiene una base de datos de PsicoCampus.`,
      moveFailed: (target: string, reason: string) =>
        `No se pudo mover la base de datos restaurada a ${target} (${reason}). ¿Arrancó el servidor mientras tanto?`,
      invalidDatabaseUrl:
        'DATABASE_URL no es una dirección válida (postgres://usuario@servidor/base).',
      toolMissing: (command: string, installClient: string) =>
        `No se encontró ${command}, que hace falta con DATABASE_URL. ${installClient}`,
      cannotConnect: (url: string, reason: string) =>
        `No se pudo conectar con PostgreSQL en ${url}: ${reason}`,
      unknownCode: 'desconocido',
      toolFailed: (tool: string, code: string, outcome: string) =>
        `${tool} terminó con un error (código ${code}); ${outcome}`,
      toolTooOld: (tool: string, installClient: string) =>
        `${tool} es de una versión mayor más antigua que la del servidor. ${installClient}`,
      nothingWritten: 'no se escribió ninguna copia.',
      targetUnchanged: 'la base de datos de destino quedó como estaba.',
      databaseNotEmpty: (url: string, tables: string) => [
        `La base de datos ${url} no está vacía (ya tiene las tablas ${tables}); la restauración solo escribe en una base de datos vacía.`,
        'Crea una nueva (por ejemplo: createdb psicocampus_restaurada), apunta DATABASE_URL a ella y vuelve a intentarlo.',
      ],
      backupFailed: 'No se pudo hacer la copia de seguridad',
      restoreFailed: 'No se pudo restaurar la copia de seguridad',
      exists: (file: string) =>
        `Ya existe ${file}; no se sobrescribe. Elige otro nombre con --out.`,
      copyingPostgres: (url: string) =>
        `Copiando la base de datos PostgreSQL ${url} con pg_dump...`,
      copyingPglite: (dataDir: string) => `Copiando la base de datos PGlite de ${dataDir}...`,
      written: (file: string, size: string) => `Copia de seguridad escrita en ${file} (${size}).`,
      rowsCopied: 'Filas copiadas:',
      keepItSafe:
        'Contiene historias clínicas: guárdala con acceso restringido y fuera de este servidor.',
      howToRestore: (file: string) =>
        `Para restaurarla en una base de datos vacía: npm run restore -- "${file}"`,
      oneFile: 'Indica un archivo de copia de seguridad, y solo uno.',
      noSuchFile: (file: string) => `No existe el archivo ${file}.`,
      notABackup: (file: string) =>
        `${file} no es una copia de seguridad de PsicoCampus (ni de pg_dump ni de PGlite).`,
      pgliteCopyForPostgres: (file: string) =>
        `${file} es una copia de PGlite, la base de datos integrada; DATABASE_URL apunta a PostgreSQL. Para restaurarla, ejecuta el comando sin DATABASE_URL.`,
      postgresCopyForPglite: (file: string) =>
        `${file} es una copia de PostgreSQL (pg_dump); sin DATABASE_URL se restauraría en PGlite. Define DATABASE_URL con la base de datos vacía de destino.`,
      restoringPostgres: (file: string, url: string) =>
        `Restaurando ${file} en la base de datos PostgreSQL ${url} con pg_restore...`,
      restoringPglite: (file: string, dataDir: string) =>
        `Restaurando ${file} en la base de datos PGlite de ${dataDir}...`,
      restored: (where: string) => `Base de datos restaurada en ${where}.`,
      rowsRestored: 'Filas restauradas:',
    },
  },
} as const;

export type ServerMessages = typeof SERVER_MSG;
