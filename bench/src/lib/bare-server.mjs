// The yardstick of figure b: a minimal Fastify app answering GET /api/login with the same JSON
// body as the portal's route (read from BODY_FILE), serialised per request as the portal does.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = JSON.parse(readFileSync(process.env.BODY_FILE, 'utf8'));
const app = Fastify({ logger: false });
app.get('/api/login', async () => body);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
