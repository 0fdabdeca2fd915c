import { useCallback, useEffect, useRef } from 'react';
import { MSG } from '@psicocampus/shared/domain';
import { confirmAction } from './dialogs';

/**
 * '¿Descartar los cambios?' before a form closes with something typed and not
 * saved (issue 16): true to discard, false to keep editing.
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
}

/**
 * A modal form's closing (issue 16): `discard` runs at once when nothing
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
  return { onChangedChange, requestClose, saved };
}

/** While `active`, the browser asks before the page is closed or reloaded. */
export function useLeavePageWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
