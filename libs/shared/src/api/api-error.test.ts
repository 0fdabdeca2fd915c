import { MSG } from '@psicocampus/shared/domain';
import { errorMessage, errorStatus, fieldErrors } from './api-error';

describe('messages for failed calls (docs/rules-and-messages.md#messages: server msg, else the fallback)', () => {
  it("uses the server's Spanish message when it sent one", () => {
    const error = {
      status: 409,
      data: { ok: false, msg: 'Ya existe un estudiante con ese correo.' },
    };
    expect(errorMessage(error, 'Error al procesar la solicitud')).toBe(
      'Ya existe un estudiante con ese correo.',
    );
    expect(errorStatus(error)).toBe(409);
  });

  it('says the server could not be reached on a network failure', () => {
    const error = { status: 'FETCH_ERROR' as const, error: 'TypeError: Failed to fetch' };
    expect(errorMessage(error, 'Error al procesar la solicitud')).toBe(MSG.common.networkError);
  });

  it("falls back to the screen's own sentence otherwise", () => {
    expect(errorMessage({ status: 500, data: '<html>' }, 'Error al guardar la nota')).toBe(
      'Error al guardar la nota',
    );
    expect(errorMessage(undefined, 'Error al guardar la nota')).toBe('Error al guardar la nota');
  });

  it('lists the field problems of a 400', () => {
    const errors = [{ field: 'age', msg: 'La edad debe estar entre 0 y 100 años' }];
    expect(fieldErrors({ status: 400, data: { ok: false, msg: 'x', errors } })).toEqual(errors);
    expect(fieldErrors({ status: 500, data: null })).toEqual([]);
  });
});
