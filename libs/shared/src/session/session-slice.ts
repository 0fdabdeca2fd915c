import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../domain/session-user';

/** Why a session ended, so the login screen can say so. */
export type SessionEndReason = 'logout' | 'expired';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** Set when the session ended without the user asking (shown on /login). */
  endReason: SessionEndReason | null;
}

export const initialSessionState: SessionState = { token: null, user: null, endReason: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    sessionStarted(_state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      return { token: action.payload.token, user: action.payload.user, endReason: null };
    },
    sessionEnded(_state, action: PayloadAction<{ reason: SessionEndReason }>) {
      return { token: null, user: null, endReason: action.payload.reason };
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
  },
});

export const { sessionStarted, sessionEnded, sessionUserUpdated, sessionNoticeDismissed } =
  sessionSlice.actions;
export const {
  selectSessionToken,
  selectSessionUser,
  selectSessionEndReason,
  selectIsAuthenticated,
} = sessionSlice.selectors;
