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
