// Generates the next SQL migration from the Drizzle schema (drizzle-kit generate).
// Usage: npm run db:generate -- --name add_widgets   (add --custom for a hand-written one)
// Generated migrations are reviewed and committed; an applied migration is never edited.
import { spawnSync } from 'node:child_process';

const args = ['drizzle-kit', 'generate', ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
process.exit(result.status ?? 1);
