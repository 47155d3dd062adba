import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
  // Migrations are generated only (npm run db:generate); the server applies them at start-up.
});
