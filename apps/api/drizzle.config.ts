import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/api` writes a new migration from schema.ts;
// review it, then commit it with the change that needed it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
