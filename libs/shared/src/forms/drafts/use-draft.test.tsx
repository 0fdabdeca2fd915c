import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Form, Formik, TextAreaField } from '@psicocampus/shared/forms';
import { createAppStore, sessionEnded, type AppStore } from '@psicocampus/shared/core';
import { testAdmin, testPsychologist } from '@psicocampus/shared/testing';
import { clearDrafts, draftKey } from './draft-storage';
import { DRAFT_WRITE_DELAY_MS, useDraft, type Draft } from './use-draft';
import { KeepDraft } from './keep-draft.component';

interface NoteValues {
  note: string;
}
const PRISTINE: NoteValues = { note: '' };
const KEY = draftKey(testPsychologist.id, 'note:s1:new');

const latestDraft: { current: Draft<NoteValues> | null } = { current: null };
let changed: boolean[];

function NoteForm({ screen: name = 'note:s1:new' }: { screen?: string | null }) {
  const draft = useDraft<NoteValues>(name, PRISTINE);
  useEffect(() => {
    latestDraft.current = draft;
  });
  return (
    <Formik<NoteValues> initialValues={draft.initialValues} onSubmit={() => undefined}>
      <Form>
        <KeepDraft draft={draft} onChangedChange={(now) => changed.push(now)} />
        <TextAreaField name="note" label="Nota" rows={3} />
      </Form>
    </Formik>
  );
}

function renderForm(
  store: AppStore = createAppStore({ session: { token: 't', user: testPsychologist } }),
  name?: string | null,
) {
  const view = render(
    <Provider store={store}>
      <NoteForm screen={name} />
    </Provider>,
  );
  return { store, ...view };
}

const stored = (key = KEY) => sessionStorage.getItem(key);

beforeEach(() => {
  sessionStorage.clear();
  changed = [];
  jest.useFakeTimers({ advanceTimers: true });
});
afterEach(() => jest.useRealTimers());

describe('the draft of a form being written (docs/sign-in-and-sessions.md#drafts)', () => {
  it('is written to sessionStorage, under the user and the screen, once typing pauses', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Nota'), 'Refiere insomnio');
    expect(changed.at(-1)).toBe(true);
    await act(async () => {
      jest.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    });
    expect(JSON.parse(stored()!)).toEqual({ note: 'Refiere insomnio' });
    // Nothing in localStorage, which outlives the tab.
    expect(JSON.stringify({ ...localStorage })).not.toContain('insomnio');
  });

  it('is written when the form goes before the pause (the session ended)', async () => {
    const { store, unmount } = renderForm();
    await userEvent.type(screen.getByLabelText('Nota'), 'Llanto');
    act(() => {
      store.dispatch(sessionEnded({ reason: 'expired' }));
    });
    unmount();
    expect(JSON.parse(stored()!)).toEqual({ note: 'Llanto' });
  });

  it('goes with a form closed while the session lives (saved, or discarded)', async () => {
    const { unmount } = renderForm();
    await userEvent.type(screen.getByLabelText('Nota'), 'Llanto');
    await act(async () => {
      jest.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    });
    expect(stored()).not.toBeNull();
    unmount();
    expect(stored()).toBeNull();
  });

  it('is restored, for the same user, when the form opens again', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ note: 'Texto de antes' }));
    renderForm();
    expect(screen.getByLabelText('Nota')).toHaveValue('Texto de antes');
    expect(latestDraft.current!.restored).toEqual({ note: 'Texto de antes' });
    expect(latestDraft.current!.isChanged({ note: 'Texto de antes' })).toBe(true);
  });

  it('is never shown to another user', () => {
    sessionStorage.setItem(KEY, JSON.stringify({ note: 'Texto de antes' }));
    renderForm(createAppStore({ session: { token: 't', user: testAdmin } }));
    expect(screen.getByLabelText('Nota')).toHaveValue('');
    expect(latestDraft.current!.restored).toBeNull();
  });

  it('is forgotten when the text goes back to what it was, and on clear()', async () => {
    renderForm();
    const text = screen.getByLabelText('Nota');
    await userEvent.type(text, 'ab');
    await act(async () => {
      jest.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    });
    expect(stored()).not.toBeNull();
    await userEvent.clear(text);
    await act(async () => {
      jest.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    });
    expect(stored()).toBeNull();
    expect(changed.at(-1)).toBe(false);

    await userEvent.type(text, 'cd');
    act(() => latestDraft.current!.clear());
    await act(async () => {
      jest.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    });
    expect(stored()).toBeNull();
  });

  it('is not written after "Cerrar sesión"', async () => {
    const { store, unmount } = renderForm();
    await userEvent.type(screen.getByLabelText('Nota'), 'Privado');
    act(() => {
      store.dispatch(sessionEnded({ reason: 'logout' }));
    });
    unmount();
    expect(stored()).toBeNull();
  });

  it('keeps nothing without a signed-in user (an embed) or a screen', async () => {
    renderForm(createAppStore({ token: 'bare' }));
    await userEvent.type(screen.getByLabelText('Nota'), 'x');
    await act(async () => {
      jest.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    });
    expect(sessionStorage.length).toBe(0);
  });
});

describe('clearDrafts', () => {
  it("drops every draft, or everyone's but one user's, and nothing else", () => {
    sessionStorage.setItem(draftKey('p1', 'a'), '{}');
    sessionStorage.setItem(draftKey('p2', 'b'), '{}');
    sessionStorage.setItem('other', 'x');
    clearDrafts(sessionStorage, 'p1');
    expect(sessionStorage.getItem(draftKey('p1', 'a'))).toBe('{}');
    expect(sessionStorage.getItem(draftKey('p2', 'b'))).toBeNull();
    clearDrafts(sessionStorage);
    expect(sessionStorage.getItem(draftKey('p1', 'a'))).toBeNull();
    expect(sessionStorage.getItem('other')).toBe('x');
  });
});
