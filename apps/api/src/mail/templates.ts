import { formatDateTimeIn, ROLE_LABELS, type Role } from '@psicocampus/shared/domain';
import { SERVER_MSG } from '@psicocampus/shared/server-messages';
import { AUTH_POLICY } from '../plugins/auth/auth.policy';
import type { MailMessage } from './mailer';

/**
 * The mails the product sends, in Spanish (their texts are SERVER_MSG.mail).
 * Links always start with PUBLIC_URL, never with anything taken from the request.
 */

const M = SERVER_MSG.mail;
const SIGNATURE = M.signature;

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
<p style="font-size:13px;color:#4a5560">${escapeHtml(M.buttonFallback)}<br>${escapeHtml(link.url)}</p>`
    : '';
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1b2530;line-height:1.5">
${body}
${button}
<p style="font-size:13px;color:#4a5560">${escapeHtml(SIGNATURE)}</p>
</body></html>`;
}

export function passwordResetMail(to: string, firstName: string, link: string): MailMessage {
  const paragraphs = [M.greeting(firstName), M.passwordReset.request, M.passwordReset.validity];
  return {
    to,
    subject: M.passwordReset.subject,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: link, label: M.passwordReset.button }),
  };
}

export function passwordChangedMail(to: string, firstName: string, loginUrl: string): MailMessage {
  const paragraphs = [M.greeting(firstName), M.passwordChanged.changed, M.passwordChanged.ifNotYou];
  return {
    to,
    subject: M.passwordChanged.subject,
    text: `${paragraphs.join('\n\n')}\n\n${loginUrl}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: loginUrl, label: M.goToApp }),
  };
}

/** docs/sign-in-and-sessions.md#brute-force-limits: the owner is told when wrong passwords slow the account down. */
export function loginAlertMail(
  to: string,
  firstName: string,
  failures: { total: number; addresses: number },
  loginUrl: string,
): MailMessage {
  const alert = M.loginAlert;
  const paragraphs = [
    M.greeting(firstName),
    alert.attempts(failures.total, failures.addresses),
    alert.slowedDown,
    alert.ifNotYou,
  ];
  return {
    to,
    subject: alert.subject,
    text: `${paragraphs.join('\n\n')}\n\n${loginUrl}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: loginUrl, label: M.goToApp }),
  };
}

/** An administrator reset the account's second factor (docs/sign-in-and-sessions.md#second-factor): who, and what follows. */
export function mfaResetMail(
  to: string,
  firstName: string,
  resetBy: string,
  loginUrl: string,
): MailMessage {
  const paragraphs = [M.greeting(firstName), M.mfaReset.reset(resetBy), M.mfaReset.ifNotYou];
  return {
    to,
    subject: M.mfaReset.subject,
    text: `${paragraphs.join('\n\n')}\n\n${loginUrl}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: loginUrl, label: M.goToApp }),
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
  const who = invitedBy ?? M.invitation.byOperator;
  const paragraphs = [
    M.greeting(firstName),
    M.invitation.invited(who, ROLE_LABELS[role]),
    M.invitation.about,
    M.invitation.start(INVITE_DAYS, to),
    M.invitation.ifUnexpected,
  ];
  return {
    to,
    subject: M.invitation.subject,
    text: `${paragraphs.join('\n\n')}\n\n${link}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: link, label: M.invitation.button }),
  };
}

/* ---- A change of an account's e-mail (docs/decisions.md#e-mail-changes-and-assignments) ---- */

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
  const T = M.emailChangeRequested;
  const byOwner = change.requestedBy.kind === 'owner';
  const who = change.requestedBy.kind === 'owner' ? T.byOwner : T.byAdmin(change.requestedBy.name);
  const paragraphs = [
    M.greeting(firstName),
    T.requested(change.newEmail, who),
    T.pending(change.newEmail),
    byOwner ? T.ifNotYouOwner : T.ifNotYouAdmin,
  ];
  return {
    to,
    subject: T.subject,
    text: `${paragraphs.join('\n\n')}\n\n${change.loginUrl}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: change.loginUrl, label: M.goToApp }),
  };
}

/** To the NEW address: the link whose page confirms it (a button there, never the link alone). */
export function emailChangeConfirmMail(
  to: string,
  firstName: string,
  change: { link: string; requestedBy: EmailChangeRequester },
): MailMessage {
  const T = M.emailChangeConfirm;
  const who = change.requestedBy.kind === 'owner' ? T.byOwner : T.byAdmin(change.requestedBy.name);
  const paragraphs = [M.greeting(firstName), T.use(who, to), T.howTo, T.ifUnexpected];
  return {
    to,
    subject: T.subject,
    text: `${paragraphs.join('\n\n')}\n\n${change.link}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: change.link, label: T.button }),
  };
}

/** To the OLD address, once the change is confirmed: the last mail it gets about the account. */
export function emailChangedMail(
  to: string,
  firstName: string,
  change: { newEmail: string; loginUrl: string },
): MailMessage {
  const paragraphs = [
    M.greeting(firstName),
    M.emailChanged.changed(to, change.newEmail),
    M.emailChanged.lastMail,
  ];
  return {
    to,
    subject: M.emailChanged.subject,
    text: `${paragraphs.join('\n\n')}\n\n${change.loginUrl}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: change.loginUrl, label: M.goToApp }),
  };
}

/* ---- Caseload changes (docs/decisions.md#e-mail-changes-and-assignments) ---- */

/**
 * To the psychologist who loses a student, at every reassignment. It names
 * no student: a mail may pass through systems outside the service, and
 * least privilege says it carries no personal or clinical data. Who did it
 * and when is enough to ask about it; the audit log has the rest.
 */
export function studentReassignedMail(
  to: string,
  firstName: string,
  change: {
    by: string;
    at: Date;
    /** The service's zone (config.serviceTimeZone): the time is said on its clock. */
    timeZone: string;
    unassigned: boolean;
    url: string;
  },
): MailMessage {
  const T = M.studentReassigned;
  const what = change.unassigned ? T.unassigned : T.reassigned;
  const when = formatDateTimeIn(change.at, change.timeZone);
  const paragraphs = [M.greeting(firstName), T.changed(change.by, what, when), T.privacy];
  return {
    to,
    subject: T.subject,
    text: `${paragraphs.join('\n\n')}\n\n${change.url}\n\n${SIGNATURE}\n`,
    html: layout(paragraphs, { url: change.url, label: M.goToApp }),
  };
}

/* ---- Appointments, to the student (docs/decisions.md#appointments) ---- */

export type AppointmentMailKind = 'reminder' | 'updated' | 'cancelled';

export interface AppointmentMailFacts {
  firstName: string;
  /** When, in the service's zone and Spanish words: '21 de noviembre de 2026, 10:30'. */
  when: string;
  durationMinutes: number;
  /** APPOINTMENT_PLACE, or 'en línea'. */
  place: string;
  /** The .ics that goes with it (appointment-calendar.ts). */
  calendar: NonNullable<MailMessage['calendar']>;
}

/**
 * A reminder, a change or a cancellation of an appointment: when, where,
 * how long, and how to cancel. Nothing else about it, never its reason or
 * its notes: the student's inbox is not a clinical record, and the mail
 * leaves the service's systems.
 */
export function appointmentMail(
  to: string,
  kind: AppointmentMailKind,
  facts: AppointmentMailFacts,
): MailMessage {
  const T = M.appointment;
  const paragraphs =
    kind === 'cancelled'
      ? [M.greeting(facts.firstName), T.cancelled(facts.when), T.calendarCancelled, T.rebook]
      : [
          M.greeting(facts.firstName),
          kind === 'reminder' ? T.reminder(facts.when) : T.updated(facts.when),
          `${T.duration(facts.durationMinutes)} ${T.place(facts.place)}`,
          T.calendar,
          T.howToCancel,
        ];
  const subject =
    kind === 'reminder'
      ? T.reminderSubject
      : kind === 'updated'
        ? T.updatedSubject
        : T.cancelledSubject;
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${T.signature}\n`,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1b2530;line-height:1.5">
${body}
<p style="font-size:13px;color:#4a5560">${escapeHtml(T.signature)}</p>
</body></html>`,
    calendar: facts.calendar,
  };
}
