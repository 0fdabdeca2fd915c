import { ValidationError, type AnyObjectSchema } from 'yup';
import { MSG } from '../messages';
import {
  appointmentSchema,
  appointmentStatusSchema,
  appointmentUpdateSchema,
} from './appointment.schemas';

const M = MSG.appointments;
const STUDENT = '00000000-0000-4000-8000-000000000001';
const tomorrow = () => new Date(Date.now() + 24 * 60 * 60_000).toISOString();

/** Each field's first message, as the form and the server's 400 show them. */
async function problems(schema: AnyObjectSchema, value: object): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const found: Record<string, string> = {};
    for (const inner of error.inner) found[inner.path ?? ''] ??= inner.message;
    return found;
  }
}

describe('appointmentSchema (POST /api/appointments)', () => {
  const valid = () => ({ studentId: STUDENT, date: tomorrow(), reason: 'Seguimiento' });

  it('books a 50-minute session when no duration is given, and asks nothing about overlaps', async () => {
    const body = await appointmentSchema.validate(valid());
    expect(body.durationMinutes).toBe(50);
    expect(body.confirmOverlap).toBeUndefined();
    expect(body.notes).toBe('');
  });

  it.each([15, 90, 180])('takes a duration of %i minutes', async (durationMinutes) => {
    expect(await problems(appointmentSchema, { ...valid(), durationMinutes })).toEqual({});
  });

  it.each([14, 181, 0, -50, 50.5, 'una hora', null])(
    'refuses a duration of %p in Spanish',
    async (durationMinutes) => {
      expect(await problems(appointmentSchema, { ...valid(), durationMinutes })).toEqual({
        durationMinutes: 'La duración debe estar entre 15 y 180 minutos.',
      });
    },
  );

  it('takes a confirmation of an overlap only as a true or false', async () => {
    expect(await problems(appointmentSchema, { ...valid(), confirmOverlap: true })).toEqual({});
    expect(await problems(appointmentSchema, { ...valid(), confirmOverlap: 'sí' })).toEqual({
      confirmOverlap: MSG.validation.wrongType,
    });
  });

  it('still refuses a date in the past', async () => {
    const past = new Date(Date.now() - 60 * 60_000).toISOString();
    expect(await problems(appointmentSchema, { ...valid(), date: past })).toEqual({
      date: M.datePast,
    });
  });
});

describe('appointmentUpdateSchema (PUT /api/appointments/:id)', () => {
  const valid = () => ({
    date: tomorrow(),
    durationMinutes: 50,
    reason: 'Seguimiento',
    notes: 'Traer el registro',
    version: 3,
  });

  it('takes every field with the version it was read at', async () => {
    expect(await problems(appointmentUpdateSchema, valid())).toEqual({});
  });

  it('lets a past date stand: the server refuses only a move into the past', async () => {
    const past = new Date(Date.now() - 24 * 60 * 60_000).toISOString();
    expect(await problems(appointmentUpdateSchema, { ...valid(), date: past })).toEqual({});
  });

  it('asks for the duration and the version, and refuses a bad date', async () => {
    const { durationMinutes: _d, version: _v, ...rest } = valid();
    expect(await problems(appointmentUpdateSchema, { ...rest, date: 'mañana' })).toEqual({
      date: M.dateInvalid,
      durationMinutes: M.durationRange,
      version: MSG.students.versionRequired,
    });
  });
});

describe('appointmentStatusSchema (POST /api/appointments/:id/status)', () => {
  it('closes as attended or no-show with the version alone, dropping any cancellation', async () => {
    for (const status of ['ATTENDED', 'NO_SHOW']) {
      expect(
        await appointmentStatusSchema.validate({
          status,
          version: 1,
          cancelledBy: 'STUDENT',
          reason: 'x',
        }),
      ).toEqual({ status, version: 1 });
    }
  });

  it('cancels with who cancelled and why', async () => {
    expect(
      await appointmentStatusSchema.validate({
        status: 'CANCELLED',
        cancelledBy: 'SERVICE',
        reason: '  La psicóloga está enferma ',
        version: 2,
      }),
    ).toEqual({
      status: 'CANCELLED',
      cancelledBy: 'SERVICE',
      reason: 'La psicóloga está enferma',
      version: 2,
    });
  });

  it('asks who cancels and why, in Spanish', async () => {
    expect(await problems(appointmentStatusSchema, { status: 'CANCELLED', version: 1 })).toEqual({
      cancelledBy: 'Indica quién cancela la cita.',
      reason: 'Indica el motivo de la cancelación.',
    });
    expect(
      await problems(appointmentStatusSchema, {
        status: 'CANCELLED',
        cancelledBy: 'PROFESOR',
        reason: '   ',
        version: 1,
      }),
    ).toEqual({ cancelledBy: M.cancelledByRequired, reason: M.cancelReasonRequired });
  });

  it.each(['SCHEDULED', 'attended', 'CERRADA', 3])('refuses the status %p', async (status) => {
    expect(await problems(appointmentStatusSchema, { status, version: 1 })).toEqual({
      status: MSG.validation.oneOf,
    });
  });
});
