import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '@psicocampus/shared/domain';

/** Why a session ended, so the login screen can say so. */
export type SessionEndReason = 'logout' | 'expired';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** Why the last session ended (the login screen says so); null otherwise. */
  endReason: SessionEndReason | null;
  /** When the server last answered a call of this session (ms since epoch). */
  lastActivityAt: number | null;
}

export const initialSessionState: SessionState = {
  token: null,
  user: null,
  endReason: null,
  lastActivityAt: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionStarted(_state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      return {
        token: action.payload.token,
        user: action.payload.user,
        endReason: null,
        lastActivityAt: Date.now(),
      };
    },
    sessionEnded(_state, action: PayloadAction<{ reason: SessionEndReason }>) {
      return { token: null, user: null, endReason: action.payload.reason, lastActivityAt: null };
    },
    /**
     * A new token for the same person, from outside the product: the
     * embedded form's host page after its session ended (`setToken`).
     */
    sessionTokenRenewed(state, action: PayloadAction<string>) {
      return {
        token: action.payload,
        user: state.user,
        endReason: null,
        lastActivityAt: Date.now(),
      };
    },
    /**
     * The server answered a call made with the session's token, sent at the
     * payload's time. Answers arrive out of order: the latest call sent counts.
     */
    sessionActive(state, action: PayloadAction<number>) {
      if (state.token) state.lastActivityAt = Math.max(state.lastActivityAt ?? 0, action.payload);
    },
    sessionUserUpdated(state, action: PayloadAction<SessionUser>) {
      if (state.user && state.user.id === action.payload.id) state.user = action.payload;
    },
    sessionNoticeDismissed(state) {
      state.endReason = null;
    },
  },
  selectors: {
    selectSessionToken: (state) => state.token,
    selectSessionUser: (state) => state.user,
    selectSessionEndReason: (state) => state.endReason,
    selectIsAuthenticated: (state) => state.token !== null && state.user !== null,
    selectLastActivityAt: (state) => state.lastActivityAt,
  },
});

export const {
  sessionStarted,
  sessionEnded,
  sessionTokenRenewed,
  sessionActive,
  sessionUserUpdated,
  sessionNoticeDismissed,
} = sessionSlice.actions;
export const {
  selectSessionToken,
  selectSessionUser,
  selectSessionEndReason,
  selectIsAuthenticated,
  selectLastActivityAt,
} = sessionSlice.selectors;
