import { useCallback, useEffect, useMemo, useRef } from 'react';
import { selectSessionUser, useAppSelector, useAppStore } from '@psicocampus/shared/core';
import { draftKey, draftStorage, readDraft, removeDraft, writeDraft } from './draft-storage';

/** How long typing pauses before the draft is written. */
export const DRAFT_WRITE_DELAY_MS = 400;

export interface Draft<T> {
  /** What was kept for this screen when it opened; null when nothing was. */
  restored: T | null;
  /** What the form starts with: the restored draft, else the pristine values. */
  initialValues: T;
  /** Whether `values` hold something typed (they differ from the pristine values). */
  isChanged(values: T): boolean;
  /** Keeps `values` after a short pause in typing; pristine values forget the draft. */
  keep(values: T): void;
  /** Forgets the draft at once: saved, or discarded. */
  clear(): void;
}

interface Pending {
  key: string;
  text: string;
  pristineText: string;
}

/**
 * The draft of one form (docs/sign-in-and-sessions.md#drafts): what is typed is
 * kept in this tab, under the signed-in user and `screen` (e.g.
 * `note:<studentId>:new`), so a session that ends loses nothing, and signing
 * in again restores it (a reload of the page too). `pristine` is what the
 * form holds before anything is typed. Without a signed-in user (an embed)
 * or a `screen`, nothing is kept.
 */
export function useDraft<T>(screen: string | null, pristine: T): Draft<T> {
  const userId = useAppSelector(selectSessionUser)?.id;
  const store = useAppStore();
  const key = userId && screen ? draftKey(userId, screen) : null;
  const restored = useMemo(() => (key ? readDraft<T>(draftStorage(), key) : null), [key]);
  // Compared by content: callers may pass a new object on every render.
  const pristineText = JSON.stringify(pristine);
  const pending = useRef<Pending | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    // After "Cerrar sesión" nothing of the form may stay behind.
    if (!next || store.getState().session.endReason === 'logout') return;
    if (next.text === next.pristineText) removeDraft(draftStorage(), next.key);
    else writeDraft(draftStorage(), next.key, JSON.parse(next.text));
  }, [store]);

  const keep = useCallback(
    (values: T) => {
      if (!key) return;
      pending.current = { key, text: JSON.stringify(values), pristineText };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
    },
    [flush, key, pristineText],
  );

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    if (key) removeDraft(draftStorage(), key);
  }, [key]);

  const keyRef = useRef(key);
  useEffect(() => {
    keyRef.current = key;
  });
  // What waits for the pause is written when the page is left, and when the
  // form goes because the session ended (the shell shows /login). A form
  // that goes while its session lives was closed by the person (saved, or
  // discarded after asking): its draft goes with it.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      if (!store.getState().session.token) {
        flush();
        return;
      }
      clearTimeout(timer.current);
      pending.current = null;
      if (keyRef.current) removeDraft(draftStorage(), keyRef.current);
    };
  }, [flush, store]);

  const isChanged = useCallback(
    (values: T) => JSON.stringify(values) !== pristineText,
    [pristineText],
  );
  return useMemo(
    () => ({
      restored,
      initialValues: restored ?? (JSON.parse(pristineText) as T),
      isChanged,
      keep,
      clear,
    }),
    [restored, pristineText, isChanged, keep, clear],
  );
}
