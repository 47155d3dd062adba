import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every file of the folder but index.ts (which re-exports them): a new area's table file is
  // found without an export (npm run new:area).
  schema: './src/db/schema/!(index).ts',
  out: './migrations',
  // Migrations are generated only (npm run db:generate); the server applies them at start-up.
});
