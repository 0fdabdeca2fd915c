import { MSG } from '../messages';
import { forgotPasswordSchema } from './auth.schemas';
import { profileSchema } from './profile.schemas';
import { studentCreateSchema } from './student.schemas';
import { userSchema } from './user.schemas';

/** The message the schema gives for this e-mail, or null when it accepts it. */
async function emailMessage(
  schema: { validateAt(path: string, value: unknown): Promise<unknown> },
  email: string,
) {
  try {
    await schema.validateAt('email', { email });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

const SCHEMAS = [
  ['student', studentCreateSchema, MSG.students.emailInvalid],
  ['staff account', userSchema, MSG.students.emailInvalid],
  ['own profile', profileSchema, MSG.students.emailInvalid],
  ['password recovery', forgotPasswordSchema, MSG.auth.invalidEmail],
] as const;

describe('an e-mail address needs a domain with a dot (docs/decisions.md)', () => {
  it.each(SCHEMAS)('the %s form refuses "ana@uni" in Spanish', async (_name, schema, message) => {
    expect(await emailMessage(schema, 'ana@uni')).toBe(message);
    expect(await emailMessage(schema, 'ana@uni.')).toBe(message);
    expect(await emailMessage(schema, 'ana@.edu')).toBe(message);
  });

  it.each(SCHEMAS)('the %s form takes a real address', async (_name, schema) => {
    expect(await emailMessage(schema, 'ana.perez@uni.edu.ec')).toBeNull();
    expect(await emailMessage(schema, '  ana@psicocampus.test ')).toBeNull();
  });
});
