import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { fullName, isRole, MSG, sameEmail, type UserBody } from '@psicocampus/shared/domain';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError } from '../../lib/http-error';
import type { MailMessage } from '../../mail/mailer';
import { invitationMail, passwordResetMail } from '../../mail/templates';
import { requestEmailChange } from '../auth/email-changes';
import { issuePasswordToken, type PasswordTokenPurpose } from '../auth/password-tokens';
import { endUserSessions } from '../auth/sessions';
import { userEmailTaken } from '../staff/staff.queries';
import { lockStaff } from './staff-lock';
import {
  caseloadSizeOf,
  countOtherActiveAdmins,
  findUserById,
  insertStaffUser,
  setUserActive,
  updateStaffUser,
  type UserRow,
} from './user.queries';

/**
 * The rules of the administrators' account management (docs/permissions.md#administrators and docs/screens-and-routes.md#admin-area), as
 * plain functions: the routes call them, and so does `create-admin`. Each
 * refusal is an HttpError with its Spanish message.
 */

/**
 * Not in the shared catalogue yet (ADMIN_MSG has no sentence for it); kept
 * here, in one place, until the contract's owner adds it there.
 */
export const userNotFound = () => new HttpError(404, ADMIN_MSG.userNotFound);
const emailTaken = () => new HttpError(409, ADMIN_MSG.emailTaken);
const lastAdmin = () => new HttpError(409, ADMIN_MSG.lastAdmin);

function refuseTakenEmail(error: unknown): never {
  // Two saves of one e-mail at once both pass the check; the unique index decides.
  throw isUniqueViolation(error) ? emailTaken() : error;
}

/**
 * A new PSYCHOLOGIST or ADMIN without a password, and the invitation token
 * its owner will choose one with (7 days, one use), in one transaction: an
 * account never exists without its first link.
 */
export async function createStaffAccount(
  db: Database,
  body: UserBody,
  now: Date,
): Promise<{ user: UserRow; token: string }> {
  if (await userEmailTaken(db, body.email)) throw emailTaken();
  return db
    .transaction(async (tx) => {
      const user = await insertStaffUser(tx, body, now);
      const token = await issuePasswordToken(tx, user.id, 'invite', now);
      return { user, token };
    })
    .catch(refuseTakenEmail);
}

/** A change of e-mail an update asked for; it waits for the new address to confirm it. */
export interface RequestedEmailChange {
  /** The account as it was: `email` is the address that keeps working, and is told. */
  user: UserRow;
  newEmail: string;
  token: string;
}

/**
 * Saves an account's data and role.
 *
 * - A new e-mail does not replace the old one: it is recorded as a pending
 *   change, confirmed from the new address (docs/decisions.md#e-mail-changes-and-assignments), and returned so
 *   that the caller mails both addresses. Until then every mail of the
 *   account, a reset link included, goes to the old address. A change of
 *   case only is the same mailbox, and is saved as typed.
 *
 * - The last active administrator cannot stop being one (someone must be
 *   able to manage accounts).
 * - A psychologist with students assigned cannot become an administrator:
 *   administrators read no clinical record (docs/permissions.md#administrators), so those students
 *   would be left with nobody able to open their files, unseen by the
 *   assignment list's "Sin asignar" filter. The administrator reassigns them
 *   first; then the role changes. (Deactivation, by contrast, keeps the
 *   students assigned: it must be possible at once, and reactivation gives
 *   the same person their caseload back.)
 * - A change of role ends the account's sessions, so that its owner signs in
 *   again into the dashboard of the new role.
 */
export async function updateStaffAccount(
  db: Database,
  id: string,
  body: UserBody,
  actorId: string,
  now: Date,
): Promise<RequestedEmailChange | null> {
  return db
    .transaction(async (tx) => {
      await lockStaff(tx, 'exclusive');
      const current = await findUserById(tx, id);
      if (!current) throw userNotFound();
      if (await userEmailTaken(tx, body.email, id)) throw emailTaken();
      const roleChanges = current.role !== body.role;
      if (roleChanges && current.role === 'ADMIN' && current.active) {
        if ((await countOtherActiveAdmins(tx, id)) === 0) throw lastAdmin();
      }
      if (roleChanges && body.role === 'ADMIN') {
        const caseload = await caseloadSizeOf(tx, id);
        if (caseload > 0) {
          throw new HttpError(409, ADMIN_MSG.roleChangeWithCaseload(caseload));
        }
      }
      const keepsEmail = sameEmail(body.email, current.email);
      if (!keepsEmail && actorId === id) {
        // One's own address needs one's password, which only the profile asks for.
        throw new HttpError(400, MSG.emailChange.ownViaProfile, [
          { field: 'email', msg: MSG.emailChange.ownViaProfile },
        ]);
      }
      await updateStaffUser(tx, id, keepsEmail ? body : { ...body, email: current.email }, now);
      if (roleChanges) await endUserSessions(tx, id, now);
      if (keepsEmail) return null;
      const token = await requestEmailChange(tx, {
        userId: id,
        newEmail: body.email,
        requestedById: actorId,
        now,
      });
      return { user: current, newEmail: body.email, token };
    })
    .catch(refuseTakenEmail);
}

/**
 * Deactivates an account and ends every session of it in the same
 * transaction: its tokens stop working at once (docs/sign-in-and-sessions.md#sessions). Under the staff
 * lock, so that two administrators deactivating each other at the same
 * moment cannot leave the service without one.
 */
export async function deactivateStaffAccount(
  db: Database,
  actorId: string,
  id: string,
  now: Date,
): Promise<void> {
  if (actorId === id) throw new HttpError(409, ADMIN_MSG.cannotDeactivateSelf);
  await db.transaction(async (tx) => {
    await lockStaff(tx, 'exclusive');
    const current = await findUserById(tx, id);
    if (!current) throw userNotFound();
    if (!current.active) throw new HttpError(409, ADMIN_MSG.alreadyInactive);
    if (current.role === 'ADMIN' && (await countOtherActiveAdmins(tx, id)) === 0) {
      throw lastAdmin();
    }
    await setUserActive(tx, id, false, now);
    await endUserSessions(tx, id, now);
  });
}

export async function reactivateStaffAccount(db: Database, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockStaff(tx, 'exclusive');
    const current = await findUserById(tx, id);
    if (!current) throw userNotFound();
    if (current.active) throw new HttpError(409, ADMIN_MSG.alreadyActive);
    await setUserActive(tx, id, true, now);
  });
}

export interface AccountLink {
  user: UserRow;
  token: string;
  purpose: PasswordTokenPurpose;
}

/**
 * A new set-password link for an account, voiding its older ones: an
 * invitation again (7 days) while the account has no password yet, a reset
 * link (30 minutes) otherwise. A deactivated account gets none: the link
 * would lead to a password it cannot use.
 */
export async function issueAccountLink(db: Database, id: string, now: Date): Promise<AccountLink> {
  const user = await findUserById(db, id);
  if (!user) throw userNotFound();
  if (!user.active) throw new HttpError(409, ADMIN_MSG.resetLinkInactive);
  const purpose: PasswordTokenPurpose = user.passwordHash ? 'reset' : 'invite';
  const token = await issuePasswordToken(db, user.id, purpose, now);
  return { user, token, purpose };
}

/** The mail that carries a link of `issueAccountLink` or of a new account. */
export function accountLinkMail(
  link: AccountLink,
  url: string,
  invitedBy: { firstName: string; lastName: string } | null,
): MailMessage {
  const { user } = link;
  if (link.purpose === 'reset') return passwordResetMail(user.email, user.firstName, url);
  return invitationMail(user.email, user.firstName, {
    invitedBy: invitedBy ? fullName(invitedBy) : null,
    role: isRole(user.role) ? user.role : 'PSYCHOLOGIST',
    link: url,
  });
}
