import { createSlice } from '@reduxjs/toolkit';

export interface AppConfigState {
  /** Base of every API call, without a trailing slash: '' (same origin) or 'https://host'. */
  apiBaseUrl: string;
}

export function createConfigSlice(initial: AppConfigState) {
  return createSlice({
    name: 'config',
    initialState: initial,
    reducers: {},
    selectors: { selectApiBaseUrl: (state) => state.apiBaseUrl },
  });
}
