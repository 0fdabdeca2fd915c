/**
 * A stored clinical text the server cannot open: sealed under a key it was
 * not given, or altered in the database. The operator's to mend; nothing of
 * the record is shown half.
 */
export const SEALED_TEXT_MSG = {
  unreadable:
    'Este registro tiene un texto clínico que el servidor no puede abrir con su clave. No se muestra nada de él; avisa al administrador del servicio.',
};

/**
 * What `npm run rotate-key` prints (apps/api/src/cli/rotate-key.ts,
 * docs/decisions.md#clinical-texts-sealed-at-rest): part of SERVER_MSG.cli.
 * Key ids, tables and counts only: never a key or a clinical text.
 */
export const ROTATE_KEY_MSG = {
  usage: 'Uso: npm run rotate-key',
  unexpectedArguments: (args: string) => `Argumentos no esperados: ${args}.`,
  databaseUnavailable: (reason: string) => `No se pudo abrir la base de datos: ${reason}`,
  notOwner: (role: string) =>
    `npm run rotate-key vuelve a sellar registros que nadie más puede modificar y solo lo hace el rol propietario del esquema; esta conexión es del rol ${role}. ` +
    'Define MIGRATION_DATABASE_URL con la dirección del propietario (la misma que usa npm run migrate).',
  noKey:
    'Con PostgreSQL la clave la eliges tú: pon la nueva en CLINICAL_ENCRYPTION_KEY (openssl rand -base64 32) y la anterior en CLINICAL_ENCRYPTION_OLD_KEYS, aquí y en cada proceso del servidor, y vuelve a ejecutar esta orden.',
  newKeyFile: (file: string, keyId: string, oldKeyId: string) =>
    `Clave nueva ${keyId} guardada en ${file}; la anterior (${oldKeyId}) se conserva en el archivo hasta terminar.`,
  sealingWith: (keyId: string) => `Volviendo a sellar los textos clínicos con la clave ${keyId}…`,
  table: (table: string, rows: number) =>
    `- ${table}: ${rows} ${rows === 1 ? 'registro vuelto a sellar' : 'registros vueltos a sellar'}`,
  done: (keyId: string) =>
    `Todos los textos clínicos están sellados con la clave ${keyId}; ninguno queda en claro ni con otra clave.`,
  left: (rows: number) =>
    `Quedan ${rows} registros con textos sin sellar con la clave actual (se escribieron mientras tanto con otra): vuelve a ejecutar la orden.`,
  afterEnv:
    'Ya puedes quitar CLINICAL_ENCRYPTION_OLD_KEYS del entorno de cada proceso y reiniciarlos: la clave actual basta para leerlo todo.',
  afterFile: (file: string, retired: string) =>
    `${file} guarda ya solo la clave nueva; la anterior queda en ${retired}.`,
  oldBackups:
    'Las copias de seguridad hechas antes de hoy siguen selladas con la clave anterior: guárdala junto a ellas mientras las conserves (README, "Clinical texts sealed at rest").',
  failed: (reason: string) =>
    `No se pudo terminar: ${reason}. Lo ya sellado de nuevo se lee con la clave nueva y lo demás con la anterior; vuelve a ejecutar la orden con las dos claves.`,
  crashed: 'No se pudieron volver a sellar los textos clínicos:',
};
