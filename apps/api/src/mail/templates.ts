import { ROLE_LABELS, type Role } from '@psicocampus/shared/domain';
import { AUTH_POLICY } from '../plugins/auth/auth.policy';
import type { MailMessage } from './mailer';

/**
 * The mails the product sends, in Spanish. Links always start with
 * PUBLIC_URL, never with anything taken from the request.
 */

const SIGNATURE = 'Servicio de Orientación Psicológica · PsicoCampus';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function layout(paragraphs: string[], link?: { url: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;background:#1f5f8b;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="font-size:13px;color:#4a5560">Si el botón no funciona, copia esta dirección en tu navegador:<br>${escapeHtml(link.url)}</p>`
    : '';
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1b2530;line-height:1.5">
${body}
${button}
<p style="font-size:13px;color:#4a5560">${escapeHtml(SIGNATURE)}</p>
</body></html>`;
}

export function passwordResetMail(to: string, firstName: string, link: string): MailMessage {
  const paragraphs = [
    `Hola, ${firstName}:`,
    'Recibimos una solicitud para restablecer la contraseña de tu cuenta de PsicoCampus.',
    'El enlace es válido durante 30 minutos y solo puede usarse una vez. Si no lo pediste, ignora este mensaje: tu contraseña no cambiará.',
  ];
  return {
    to,
    subject: 'Restablece tu contraseña de PsicoCampus',
    text: `${paragraphs.join('\n\n')}\n\n${link}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: link, label: 'Restablecer contraseña' }),
  };
}

export function passwordChangedMail(to: string, firstName: string, loginUrl: string): MailMessage {
  const paragraphs = [
    `Hola, ${firstName}:`,
    'La contraseña de tu cuenta de PsicoCampus acaba de cambiar y todas las sesiones abiertas se cerraron.',
    'Si no fuiste tú, solicita un nuevo enlace desde la pantalla de acceso y avisa a la administración del servicio.',
  ];
  return {
    to,
    subject: 'Tu contraseña de PsicoCampus cambió',
    text: `${paragraphs.join('\n\n')}\n\n${loginUrl}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: loginUrl, label: 'Ir a PsicoCampus' }),
  };
}

/** The invitation link's lifetime as the mail states it ('7 días'), from the policy itself. */
export const INVITE_DAYS = Math.round(AUTH_POLICY.inviteTokenMs / (24 * 60 * 60_000));

export interface Invitation {
  /** Who created the account ('Ana Administradora'); null when an operator ran create-admin. */
  invitedBy: string | null;
  role: Role;
  /** PUBLIC_URL/reset-password/<token> of an 'invite' token. */
  link: string;
}

/**
 * The mail a new staff account gets instead of a password: who invited them,
 * what PsicoCampus is, and the link to choose a password, which lasts
 * 7 days (the new colleague may read it days later) and works once.
 */
export function invitationMail(
  to: string,
  firstName: string,
  { invitedBy, role, link }: Invitation,
): MailMessage {
  const who = invitedBy ?? 'La administración del servicio';
  const paragraphs = [
    `Hola, ${firstName}:`,
    `${who} te invitó a PsicoCampus con el rol de ${ROLE_LABELS[role]}.`,
    'PsicoCampus es el sistema del Servicio de Orientación Psicológica de la universidad: en él se llevan las historias clínicas de los estudiantes atendidos, sus notas, citas y evaluaciones de riesgo, y las estadísticas del servicio.',
    `Para empezar, crea tu contraseña con el enlace de abajo. El enlace es válido durante ${INVITE_DAYS} días y solo puede usarse una vez. Después inicia sesión con este correo (${to}) y tu nueva contraseña.`,
    'Si no esperabas esta invitación, ignora este mensaje y avisa a la administración del servicio.',
  ];
  return {
    to,
    subject: 'Te invitaron a PsicoCampus: crea tu contraseña',
    text: `${paragraphs.join('\n\n')}\n\n${link}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: link, label: 'Crear mi contraseña' }),
  };
}

/* ---- A change of an account's e-mail (PRODUCT §13) ---- */

/** Who asked for an e-mail change: the account's owner, or an administrator (named). */
export type EmailChangeRequester = { kind: 'owner' } | { kind: 'admin'; name: string };

/**
 * To the OLD address, when a change is asked for: where the account is
 * meant to move, who asked, and that nothing changes unless the new address
 * confirms. This is how an owner learns that someone else is moving their
 * account away, in time to stop it.
 */
export function emailChangeRequestedMail(
  to: string,
  firstName: string,
  change: { newEmail: string; requestedBy: EmailChangeRequester; loginUrl: string },
): MailMessage {
  const who =
    change.requestedBy.kind === 'owner'
      ? 'desde tu propio perfil, con tu contraseña'
      : `por un administrador del servicio (${change.requestedBy.name})`;
  const ifNotYou =
    change.requestedBy.kind === 'owner'
      ? 'Si no fuiste tú, alguien conoce tu contraseña: cámbiala ya (en la pantalla de acceso, «¿Olvidaste tu contraseña?») y avisa a la dirección del servicio.'
      : 'Si no lo esperabas, avisa hoy mismo a la dirección del servicio: quien controle la nueva dirección podría recibir después el enlace para cambiar tu contraseña.';
  const paragraphs = [
    `Hola, ${firstName}:`,
    `Se pidió cambiar el correo de tu cuenta de PsicoCampus a ${change.newEmail}, ${who}.`,
    `El cambio solo se aplicará si alguien lo confirma desde ${change.newEmail} en las próximas 24 horas. Hasta entonces tu cuenta sigue usando esta dirección.`,
    ifNotYou,
  ];
  return {
    to,
    subject: 'Se pidió cambiar el correo de tu cuenta de PsicoCampus',
    text: `${paragraphs.join('\n\n')}\n\n${change.loginUrl}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: change.loginUrl, label: 'Ir a PsicoCampus' }),
  };
}

/** To the NEW address: the link whose page confirms it (a button there, never the link alone). */
export function emailChangeConfirmMail(
  to: string,
  firstName: string,
  change: { link: string; requestedBy: EmailChangeRequester },
): MailMessage {
  const who =
    change.requestedBy.kind === 'owner'
      ? 'Pediste'
      : `Un administrador del servicio (${change.requestedBy.name}) pidió`;
  const paragraphs = [
    `Hola, ${firstName}:`,
    `${who} usar esta dirección (${to}) como correo de tu cuenta de PsicoCampus.`,
    'Para confirmarlo, abre el enlace y pulsa «Confirmar correo». El enlace es válido durante 24 horas y solo puede usarse una vez. Al confirmarlo se cerrarán las sesiones abiertas de la cuenta.',
    'Si no esperabas este mensaje, ignóralo: nada cambiará.',
  ];
  return {
    to,
    subject: 'Confirma tu nuevo correo de PsicoCampus',
    text: `${paragraphs.join('\n\n')}\n\n${change.link}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: change.link, label: 'Confirmar correo' }),
  };
}

/** To the OLD address, once the change is confirmed: the last mail it gets about the account. */
export function emailChangedMail(
  to: string,
  firstName: string,
  change: { newEmail: string; loginUrl: string },
): MailMessage {
  const paragraphs = [
    `Hola, ${firstName}:`,
    `El correo de tu cuenta de PsicoCampus cambió de ${to} a ${change.newEmail}, y todas las sesiones abiertas de la cuenta se cerraron. Desde ahora se inicia sesión con ${change.newEmail}.`,
    'Este es el último mensaje sobre la cuenta que llega a esta dirección. Si no fuiste tú ni lo esperabas, avisa de inmediato a la dirección del servicio.',
  ];
  return {
    to,
    subject: 'El correo de tu cuenta de PsicoCampus cambió',
    text: `${paragraphs.join('\n\n')}\n\n${change.loginUrl}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: change.loginUrl, label: 'Ir a PsicoCampus' }),
  };
}

/* ---- Caseload changes (PRODUCT §13) ---- */

/**
 * To the psychologist who loses a student, at every reassignment. It names
 * no student: a mail may pass through systems outside the service, and
 * least privilege says it carries no personal or clinical data. Who did it
 * and when is enough to ask about it; the audit log has the rest.
 */
export function studentReassignedMail(
  to: string,
  firstName: string,
  change: { by: string; at: string; unassigned: boolean; url: string },
): MailMessage {
  const what = change.unassigned
    ? 'dejó sin psicólogo/a asignado/a'
    : 'asignó a otro/a psicólogo/a';
  const paragraphs = [
    `Hola, ${firstName}:`,
    `Un administrador del servicio (${change.by}) ${what} a un/a estudiante de tu lista (${change.at}). Desde ese momento ya no ves su ficha, sus notas ni sus evaluaciones en PsicoCampus.`,
    'Por privacidad, este correo no dice de quién se trata. Si no esperabas el cambio, consulta tu lista de pacientes y habla con la dirección del servicio.',
  ];
  return {
    to,
    subject: 'Un estudiante de tu lista fue reasignado en PsicoCampus',
    text: `${paragraphs.join('\n\n')}\n\n${change.url}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: change.url, label: 'Ir a PsicoCampus' }),
  };
}
