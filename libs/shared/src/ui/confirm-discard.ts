import { useCallback, useRef } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { confirmAction } from './dialogs';

/**
 * '¿Descartar los cambios?' before a form closes with something typed and not
 * saved (docs/rules-and-messages.md#confirmations): true to discard, false to keep editing.
 */
export function confirmDiscard(title: string = MSG.drafts.discardTitle): Promise<boolean> {
  return confirmAction(title, MSG.drafts.discardText, MSG.drafts.discardConfirm);
}

/**
 * A modal's close (Cancelar, ×, Escape) that asks first when `changed()` says
 * something was typed, and closes at once otherwise.
 */
export function closeAfterAsking(changed: () => boolean, close: () => void): () => Promise<void> {
  return async () => {
    if (changed() && !(await confirmDiscard())) return;
    close();
  };
}

export interface DiscardGuard {
  /** For the form to say, on every change, whether it holds something typed. */
  onChangedChange: (changed: boolean) => void;
  /** Cancelar, × and Escape: asks first when something was typed, then discards. */
  requestClose: () => void;
  /** After a save: the next close needs no question. */
  saved: () => void;
  /** Whether the form holds something typed now (for `useLeaveGuard`). */
  unsaved: () => boolean;
}

/**
 * A modal form's closing (docs/sign-in-and-sessions.md#drafts): `discard` runs at once when nothing
 * was typed, and after '¿Descartar los cambios?' otherwise.
 */
export function useDiscardGuard(discard: () => void): DiscardGuard {
  const changed = useRef(false);
  const onChangedChange = useCallback((now: boolean) => {
    changed.current = now;
  }, []);
  const requestClose = useCallback(() => {
    void closeAfterAsking(
      () => changed.current,
      () => {
        changed.current = false;
        discard();
      },
    )();
  }, [discard]);
  const saved = useCallback(() => {
    changed.current = false;
  }, []);
  const unsaved = useCallback(() => changed.current, []);
  return { onChangedChange, requestClose, saved, unsaved };
}
