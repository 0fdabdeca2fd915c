export * from './auth.schemas';
