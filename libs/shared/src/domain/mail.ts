/**
 * The mail queue as the administrators' "Correos" screen and the server see
 * it (docs/decisions.md#mail): kinds, statuses, the list's shape and the screen's texts.
 * A module of its own, imported as '@psicocampus/shared/mail', so that no
 * other page (the /login bundle above all) carries it.
 */

/** 'cancelled': an appointment's reminder whose appointment was moved or cancelled first (never sent). */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What a mail is for; reminders are for the appointments to come. */
export const MAIL_KINDS = ['invite', 'reset', 'email-change', 'notice', 'reminder'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** One mail of GET /api/mail: its envelope and life, never its body. */
export interface QueuedMailView {
  _id: string;
  kind: MailKind;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
}

/** What an answer that sent a mail says of it: the screen shows the message, this is for its state. */
/** Whether an answer's mail left: no outcome (an older server) counts as left. */
export const mailLeft = (mail: MailOutcome | undefined): boolean => !mail || mail.status === 'sent';

export interface MailOutcome {
  id: string;
  status: MailStatus;
}

export interface MailListResponse {
  ok: true;
  mails: QueuedMailView[];
  total: number;
  page: number;
  pageSize: number;
}

export interface MailRetryResponse {
  ok: true;
  msg: string;
  mail: MailOutcome;
}

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  invite: 'Invitación',
  reset: 'Enlace de contraseña',
  'email-change': 'Cambio de correo',
  notice: 'Aviso',
  reminder: 'Recordatorio',
};

export const MAIL_TEXTS = {
  title: 'Correos',
  intro:
    'Los correos que envía el servicio. Los que no salen se reintentan solos durante unas horas; los que fallan pueden reintentarse desde aquí.',
  statusFilter: 'Estado',
  allStatuses: 'Todos',
  filterLabels: {
    queued: 'En cola',
    sending: 'Enviando',
    sent: 'Enviados',
    failed: 'Fallidos',
    cancelled: 'Anulados',
  } satisfies Record<MailStatus, string>,
  status: (status: MailStatus, attempts: number): string => {
    switch (status) {
      case 'queued':
        return 'En cola';
      case 'sending':
        return 'Enviando';
      case 'sent':
        return 'Enviado';
      case 'failed':
        return attempts === 1 ? 'Falló tras 1 intento' : `Falló tras ${attempts} intentos`;
      case 'cancelled':
        return 'Anulado';
    }
  },
  columns: {
    to: 'Destinatario',
    subject: 'Asunto',
    status: 'Estado',
    lastError: 'Último error',
    createdAt: 'Creado',
    sentAt: 'Enviado',
    nextAttemptAt: 'Próximo intento',
    actions: 'Acciones',
  },
  attempts: (count: number) => (count === 1 ? '1 intento' : `${count} intentos`),
  retry: 'Reintentar',
  retryLabel: (to: string) => `Reintentar el correo a ${to}`,
  retrying: 'Reintentando…',
  retryFailed: 'No se pudo reintentar el correo. Inténtalo de nuevo en unos minutos.',
  empty: 'No hay correos con ese estado.',
  loading: 'Cargando correos...',
  loadError: 'No se pudieron cargar los correos.',
  pagination: 'Páginas de correos',
  total: (count: number) => (count === 1 ? '1 correo' : `${count} correos`),
  none: '—',
  /** The title over an answer whose mail has not left yet (its text says what happens next). */
  notSentYetTitle: 'El correo aún no ha salido',
} as const;
