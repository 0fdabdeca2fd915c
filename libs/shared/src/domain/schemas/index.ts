export * from './auth.schemas';
export * from './person-name';
export * from './student.schemas';
export * from './note.schemas';
export * from './appointment.schemas';
export * from './profile.schemas';
export * from './user.schemas';
export * from './error-messages';
export { hasBidiControl, isStorableText } from './text';
