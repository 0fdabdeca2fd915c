import type Swal from 'sweetalert2';
import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { MSG } from '@psicocampus/shared/domain';

/**
 * The product's dialogs (docs/rules-and-messages.md#messages), in one place so that every screen asks
 * and answers the same way. Each returns when the dialog closes.
 *
 * sweetalert2 (20 KB gzip with its styles) loads with the first dialog, not
 * with the page: the sign-in screen never needs it unless something goes
 * wrong (docs/limits-and-budgets.md#speed-and-size-budgets). Should that download fail, the browser's own
 * alert/confirm still says what happened.
 */

// The product's primary colour, read from the design tokens (ui/tokens.css).
const BUTTON_COLOR = 'var(--pc-primary)';

type SweetAlert = typeof Swal;

let sweetAlert: SweetAlert | undefined;
let loading: Promise<SweetAlert> | undefined;

function loadSweetAlert(): Promise<SweetAlert> {
  // The stylesheet comes as a file: the bundles take the sweetalert2 build that
  // does not write a <style> element at run time, which the Content-Security-Policy
  // (style-src 'self') refuses (create-app-config's alias).
  loading ??= Promise.all([
    import('sweetalert2'),
    import('sweetalert2/dist/sweetalert2.css'),
    import('./dialogs.css'),
  ]).then(([module]) => (sweetAlert = module.default));
  // A failed download may succeed on the next dialog.
  loading.catch(() => (loading = undefined));
  return loading;
}

const plainText = (options: SweetAlertOptions): string =>
  [
    options.title,
    options.text ?? (options.html instanceof HTMLElement ? options.html.innerText : ''),
  ]
    .filter(Boolean)
    .join('\n\n');

async function fire(options: SweetAlertOptions): Promise<Pick<SweetAlertResult, 'isConfirmed'>> {
  let dialogs: SweetAlert;
  try {
    dialogs = await loadSweetAlert();
  } catch {
    if (options.showCancelButton) return { isConfirmed: window.confirm(plainText(options)) };
    window.alert(plainText(options));
    return { isConfirmed: true };
  }
  // sweetalert2's own default is the English "OK"; the product's type, not the page's (dialogs.css).
  return dialogs.fire({
    confirmButtonText: MSG.common.accept,
    customClass: { container: 'pc-dialog' },
    ...options,
  });
}

export async function showError(text: string, title: string = MSG.common.error): Promise<void> {
  await fire({ icon: 'error', title, text, confirmButtonColor: BUTTON_COLOR });
}

export async function showWarning(title: string, text: string): Promise<void> {
  await fire({ icon: 'warning', title, text, confirmButtonColor: BUTTON_COLOR });
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
  await fire({
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
  const result = await fire({
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
  const result = await fire({
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
 * The idle warning of docs/sign-in-and-sessions.md#sessions: '¿Sigues ahí?' with 'Seguir conectado'.
 * `answer` resolves true when the user chose to stay; `close()` dismisses
 * the dialog from outside (activity elsewhere made it moot).
 */
export function askToStayConnected(): { answer: Promise<boolean>; close: () => void } {
  let open = true;
  // No native fallback here: a blocking alert would also stop the timer
  // that asks the server at 30 minutes.
  const answer = loadSweetAlert()
    .then(async (dialogs) => {
      if (!open) return false;
      const result = await dialogs.fire({
        icon: 'warning',
        title: MSG.session.idleTitle,
        text: MSG.session.idleText,
        confirmButtonText: MSG.session.keepAlive,
        confirmButtonColor: BUTTON_COLOR,
        allowOutsideClick: false,
      });
      return result.isConfirmed;
    })
    .catch(() => false)
    .finally(() => {
      open = false;
    });
  return {
    answer,
    close: () => {
      if (!open) return;
      open = false;
      sweetAlert?.close();
    },
  };
}

/**
 * A warning listing several problems, one per line (docs/rules-and-messages.md#validation-rules: 'Error de
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
  await fire({ icon: 'warning', title, html: list, confirmButtonColor: BUTTON_COLOR });
}

/**
 * Whether one of these dialogs is showing: a modal underneath should not
 * treat the Escape that closes the dialog as its own (and lose a form).
 */
export function isDialogOpen(): boolean {
  return sweetAlert?.isVisible() ?? false;
}

/** Closes the dialog showing, if any (its question became moot), as if it were dismissed. */
export function closeDialog(): void {
  sweetAlert?.close();
}

/**
 * A modal's close handler that ignores the Escape meant for a dialog shown
 * on top of it (an error after a failed save), so what was typed in the
 * modal is not thrown away with the dialog.
 */
export function closeUnlessDialogOpen(close: () => void): () => void {
  return () => {
    if (!isDialogOpen()) close();
  };
}
