/** The names under which remotes are listed in `remotes.json`. */
export const REMOTE_NAMES = ['auth', 'patients', 'assessment', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** `remotes.json`: a remote's name → the address of its `mf-manifest.json`. */
export type RemotesConfig = Partial<Record<RemoteName, string>>;
