import Swal, { type SweetAlertIcon } from 'sweetalert2';
import { MSG } from '../domain/messages';

/**
 * The product's dialogs (SEED §8), in one place so that every screen asks
 * and answers the same way. Each returns when the dialog closes.
 */

const BUTTON_COLOR = '#1f5f8b';

export async function showError(text: string, title: string = MSG.common.error): Promise<void> {
  await Swal.fire({ icon: 'error', title, text, confirmButtonColor: BUTTON_COLOR });
}

export async function showWarning(title: string, text: string): Promise<void> {
  await Swal.fire({ icon: 'warning', title, text, confirmButtonColor: BUTTON_COLOR });
}

export async function showSuccess(
  title: string,
  text?: string,
  options: { timerMs?: number } = {},
): Promise<void> {
  await showDialog('success', title, text, options.timerMs);
}

export async function showInfo(title: string, text?: string): Promise<void> {
  await showDialog('info', title, text);
}

async function showDialog(
  icon: SweetAlertIcon,
  title: string,
  text?: string,
  timerMs?: number,
): Promise<void> {
  await Swal.fire({
    icon,
    title,
    text,
    confirmButtonColor: BUTTON_COLOR,
    ...(timerMs ? { timer: timerMs, showConfirmButton: false, timerProgressBar: true } : {}),
  });
}

/** '¿Estás seguro?' with 'Sí, eliminar' / 'Cancelar'; true when confirmed. */
export async function confirmDeletion(
  title: string = MSG.common.confirmTitle,
  text: string = MSG.common.confirmText,
): Promise<boolean> {
  const result = await Swal.fire({
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText: MSG.common.confirmDelete,
    cancelButtonText: MSG.common.cancel,
    confirmButtonColor: '#b3261e',
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** A yes/cancel question; true when the user chose `confirmText`. */
export async function confirmAction(
  title: string,
  text: string,
  confirmText: string,
): Promise<boolean> {
  const result = await Swal.fire({
    icon: 'question',
    title,
    text,
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: MSG.common.cancel,
    confirmButtonColor: BUTTON_COLOR,
  });
  return result.isConfirmed;
}

/**
 * The idle warning of PRODUCT §3: '¿Sigues ahí?' with 'Seguir conectado'.
 * `answer` resolves true when the user chose to stay; `close()` dismisses
 * the dialog from outside (activity elsewhere made it moot).
 */
export function askToStayConnected(): { answer: Promise<boolean>; close: () => void } {
  let open = true;
  const answer = Swal.fire({
    icon: 'warning',
    title: MSG.session.idleTitle,
    text: MSG.session.idleText,
    confirmButtonText: MSG.session.keepAlive,
    confirmButtonColor: BUTTON_COLOR,
    allowOutsideClick: false,
  }).then((result) => {
    open = false;
    return result.isConfirmed;
  });
  return {
    answer,
    close: () => {
      if (open) Swal.close();
    },
  };
}

/**
 * A warning listing several problems, one per line (SEED §5: 'Error de
 * validación' joins every message of the form). The items are set as text,
 * never as HTML.
 */
export async function showWarningList(title: string, items: readonly string[]): Promise<void> {
  const list = document.createElement('ul');
  list.style.textAlign = 'left';
  list.style.margin = '0';
  list.style.paddingLeft = '1.25rem';
  for (const item of items) {
    const entry = document.createElement('li');
    entry.textContent = item;
    list.append(entry);
  }
  await Swal.fire({ icon: 'warning', title, html: list, confirmButtonColor: BUTTON_COLOR });
}

/**
 * Whether one of these dialogs is showing: a modal underneath should not
 * treat the Escape that closes the dialog as its own (and lose a form).
 */
export function isDialogOpen(): boolean {
  return Swal.isVisible();
}
