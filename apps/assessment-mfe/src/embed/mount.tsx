import { StrictMode, type ComponentProps } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import {
  createAppStore,
  keepSessionWhileTyping,
  releaseAppStore,
  sessionTokenRenewed,
  useServiceClock,
  type SuicideAssessment,
} from '@psicocampus/shared';
import AssessmentForm from '../components/assessment-form/assessment-form.component';
import { EmbedFrame } from './embed-frame.component';

/** What an integrator's page passes to {@link mount}. */
export interface AssessmentEmbedOptions {
  /**
   * Where the PsicoCampus API lives, without `/api` and without a trailing
   * slash: `'https://psicocampus.example.edu'`; `''` for the page's own
   * origin. The server must allow the host page's origin (its
   * `ALLOWED_ORIGINS` setting).
   */
  apiBaseUrl: string;
  /**
   * A psychologist's session token: the `token` that `POST /api/auth/login`
   * answers. It is sent as the `x-token` header of every call and kept in
   * memory only (never in the host page's storage). The session ends after
   * 30 minutes without calls and 12 hours after login: then
   * `onSessionExpired` is called, the form keeps every answer, and a save
   * refused for it goes out once the page calls `setToken` with a new token.
   */
  token: string;
  /** The id (UUID) of the student being assessed; assigned to that psychologist. */
  studentId: string;
  /** The student's name, shown above the questions (optional). */
  studentName?: string;
  /**
   * Called once the assessment is saved, with the saved record: its `_id`
   * and the `riskLevel` the server computed. The form then stays open,
   * read-only, for the optional final remarks.
   */
  onSaved?: (assessment: SuicideAssessment) => void;
  /**
   * Called when the person closes the form ('Cancelar', or 'Cerrar' once
   * saved); they are asked first if something typed is not saved. Without
   * `onClose`, closing unmounts the form.
   */
  onClose?: () => void;
  /**
   * Called when the server refuses the token (the session expired or was
   * ended), at most once per token. The form keeps every answer and says it
   * waits; the page signs the person in again, its own way, and passes the
   * new token to `setToken`: a save the expiry refused is then sent.
   */
  onSessionExpired?: () => void;
}

/**
 * Removes the form from the page and releases its store (requests in flight
 * are aborted, cache timers and listeners stopped); calling it again does nothing.
 */
export type Unmount = () => void;

/**
 * What {@link mount} returns: a function that unmounts (as it always was),
 * which also carries `unmount` and `setToken`.
 */
export interface AssessmentEmbed {
  (): void;
  unmount: Unmount;
  /** A new session token for the form (after `onSessionExpired`, or before the old one ends). */
  setToken(token: string): void;
}

function checkOptions(element: unknown, options: AssessmentEmbedOptions | undefined): void {
  if (!(element instanceof Element)) {
    throw new TypeError('mount(element, options): element must be a DOM element.');
  }
  for (const name of ['apiBaseUrl', 'token', 'studentId'] as const) {
    const value = options?.[name];
    if (typeof value !== 'string' || (name !== 'apiBaseUrl' && value.trim() === '')) {
      throw new TypeError(`mount(element, options): options.${name} must be a string.`);
    }
  }
}

/**
 * Mounts the Columbia assessment form for one student inside `element` of a
 * page we do not own (docs/architecture.md#the-embeddable-assessment). It brings its own store (calls go to
 * `apiBaseUrl` with `x-token`), its own memory router and scoped styles;
 * the host page needs no React and no PsicoCampus code.
 *
 * ```js
 * const unmount = embed.mount(document.getElementById('evaluacion'), {
 *   apiBaseUrl: 'https://psicocampus.example.edu',
 *   token,
 *   studentId,
 *   onSaved: (assessment) => console.log(assessment._id, assessment.riskLevel),
 * });
 * // later
 * unmount();
 * ```
 */
/**
 * The form on the service's clock (docs/decisions.md#one-clock): the zone is
 * asked once the form shows, which it does at once (the host page's network
 * never holds the interview back); the dates it writes after a save are
 * drawn again on that zone when it arrives.
 */
function EmbeddedForm(props: Omit<ComponentProps<typeof AssessmentForm>, 'embedded'>) {
  useServiceClock();
  return <AssessmentForm {...props} embedded />;
}

export function mount(element: Element, options: AssessmentEmbedOptions): AssessmentEmbed {
  checkOptions(element, options);
  const host = document.createElement('div');
  element.append(host);
  const root = createRoot(host);
  const store = createAppStore({ apiBaseUrl: options.apiBaseUrl, token: options.token });
  // A long interview makes no call until it is saved: answering keeps the session.
  const stopKeepingSession = keepSessionWhileTyping(store, host);
  // The host page is told once per token that the server refused it.
  let expiredToken: string | null = null;
  let currentToken: string | null = options.token;
  const stopWatchingSession = store.subscribe(() => {
    const { token, endReason } = store.getState().session;
    if (token !== null) {
      currentToken = token;
      return;
    }
    if (endReason !== 'expired' || expiredToken === currentToken) return;
    expiredToken = currentToken;
    options.onSessionExpired?.();
  });

  let mounted = true;
  const unmount: Unmount = () => {
    if (!mounted) return;
    mounted = false;
    stopWatchingSession();
    stopKeepingSession();
    root.unmount();
    host.remove();
    // The host page lives on: nothing of this form may keep running or be kept.
    releaseAppStore(store);
  };
  // Closing without an onClose unmounts, once the click that asked for it is done.
  const close = options.onClose ?? (() => queueMicrotask(unmount));

  root.render(
    <StrictMode>
      <Provider store={store}>
        <MemoryRouter>
          <EmbedFrame>
            <EmbeddedForm
              studentId={options.studentId}
              studentName={options.studentName}
              onSaved={options.onSaved}
              onClose={close}
            />
          </EmbedFrame>
        </MemoryRouter>
      </Provider>
    </StrictMode>,
  );
  const setToken = (token: string) => {
    if (typeof token !== 'string' || token.trim() === '') {
      throw new TypeError('setToken(token): token must be a non-empty string.');
    }
    if (mounted) store.dispatch(sessionTokenRenewed(token));
  };
  return Object.assign(() => unmount(), { unmount, setToken });
}
