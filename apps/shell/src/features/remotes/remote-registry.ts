import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_ENTRY_EXPOSE, type RemoteModule } from '@psicocampus/shared/core';
import {
  isRemoteName,
  REMOTE_NAMES,
  type RemoteName,
  type RemotesConfig,
} from '@psicocampus/shared/domain';

/** How long a manifest, remotes.json or a remote's module may take. */
export const REMOTE_TIMEOUT_MS = 15_000;

/** Marks the stand-in the shell uses for a remote that could not be loaded. */
export interface UnavailableRemote {
  unavailable: true;
  name: RemoteName;
  error: unknown;
}

export type LoadedRemote = RemoteModule | UnavailableRemote;

export function isUnavailable(remote: LoadedRemote): remote is UnavailableRemote {
  return 'unavailable' in remote;
}

/**
 * Keeps the well-formed entries (a described remote's name → a non-empty
 * address) and says in the console why it leaves any other out, so a line
 * added to remotes.json for a remote nobody described is not a silent no-op.
 */
export function parseRemotesConfig(raw: unknown): RemotesConfig {
  const config: RemotesConfig = {};
  const entries = typeof raw === 'object' && raw !== null ? Object.entries(raw) : [];
  for (const [name, entry] of entries) {
    if (!isRemoteName(name)) {
      console.warn(
        `[remotes] remotes.json lists "${name}", which the shell does not know: it has no descriptor in remote-descriptors.json (README, "Adding a remote"). Ignored.`,
      );
    } else if (typeof entry === 'string' && entry.trim() !== '') {
      config[name] = entry.trim();
    }
  }
  for (const name of REMOTE_NAMES) {
    if (!config[name]) {
      console.warn(`[remotes] remotes.json gives "${name}" no address: it shows the fallback.`);
    }
  }
  return config;
}

async function fetchRemotesConfig(): Promise<RemotesConfig> {
  try {
    const response = await fetch('/remotes.json', {
      cache: 'no-cache',
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
    return parseRemotesConfig(await response.json());
  } catch (error) {
    // Without the map no remote can load; each area shows its fallback and
    // "Reintentar" asks for the map again.
    console.error('[remotes] remotes.json could not be read', error);
    return {};
  }
}

/**
 * The remotes the page knows about, read from remotes.json at run time and
 * registered with the Module Federation runtime. Each remote's module is
 * loaded once and kept as a promise, so React's `use()` can suspend on it
 * and every area that needs a remote shares one load.
 */
class RemoteRegistry {
  private config: RemotesConfig = {};
  private loads = new Map<RemoteName, Promise<LoadedRemote>>();
  private startedUp = new Set<RemoteName>();
  private listeners = new Set<() => void>();
  private revision = 0;

  /** Reads remotes.json and registers every remote it lists. */
  async init(): Promise<void> {
    this.config = await fetchRemotesConfig();
    registerRemotes(this.registrations(Object.keys(this.config) as RemoteName[]));
  }

  /** The module of a remote, loaded on first use. */
  load(name: RemoteName): Promise<LoadedRemote> {
    let pending = this.loads.get(name);
    if (!pending) {
      pending = this.fetchModule(name);
      this.loads.set(name, pending);
    }
    return pending;
  }

  /**
   * Forgets a remote that failed and loads it afresh: remotes.json is read
   * again (its team may have moved it) and the remote is re-registered with
   * `force`, which drops the runtime's cached manifest and container.
   */
  async retry(name: RemoteName): Promise<void> {
    this.config = await fetchRemotesConfig();
    registerRemotes(this.registrations([name]), { force: true });
    this.loads.delete(name);
    this.startedUp.delete(name);
    this.revision += 1;
    this.listeners.forEach((listener) => listener());
  }

  /**
   * A component another remote exposes (e.g. assessment/AssessmentForm),
   * for remotes that render one another's pieces through libs/shared.
   */
  async loadComponent<P>(name: RemoteName, expose: string): Promise<ComponentType<P>> {
    if (!this.config[name]) throw new Error(`${name} is not listed in remotes.json`);
    const loaded = await withTimeout(
      loadRemote<{ default?: unknown }>(`${name}/${expose}`),
      REMOTE_TIMEOUT_MS,
      `${name}/${expose} took longer than ${REMOTE_TIMEOUT_MS} ms`,
    );
    const component = loaded?.default;
    // The fallback plugin answers a failed load with a stand-in, not a component.
    if (typeof component !== 'function' && typeof component !== 'object') {
      throw new Error(`${name}/${expose} is not a component`);
    }
    if (component === null || (typeof component === 'object' && 'unavailable' in component)) {
      throw new Error(`${name}/${expose} could not be loaded`);
    }
    return component as ComponentType<P>;
  }

  /** Changes whenever a retry replaced a remote; used to re-render areas. */
  getRevision = (): number => this.revision;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private registrations(names: RemoteName[]) {
    return names
      .filter((name) => this.config[name])
      .map((name) => ({ name, entry: new URL(this.config[name]!, window.location.href).href }));
  }

  private async fetchModule(name: RemoteName): Promise<LoadedRemote> {
    if (!this.config[name]) {
      return { unavailable: true, name, error: new Error(`${name} is not listed in remotes.json`) };
    }
    try {
      const loaded = await withTimeout(
        loadRemote<{ default: LoadedRemote }>(`${name}/${REMOTE_ENTRY_EXPOSE}`),
        REMOTE_TIMEOUT_MS,
        `${name} took longer than ${REMOTE_TIMEOUT_MS} ms`,
      );
      const remote = loaded?.default;
      if (!remote || (!isUnavailable(remote) && !Array.isArray(remote.routes))) {
        throw new Error(`${name}/${REMOTE_ENTRY_EXPOSE} does not export a RemoteModule`);
      }
      if (!isUnavailable(remote) && remote.startup && !this.startedUp.has(name)) {
        this.startedUp.add(name);
        await remote.startup();
      }
      return remote;
    } catch (error) {
      console.error(`[remotes] ${name} could not be loaded`, error);
      return { unavailable: true, name, error };
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export const remoteRegistry = new RemoteRegistry();
