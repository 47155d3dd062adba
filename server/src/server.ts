import { buildApp } from './app';
import { ConfigError, linkBase, loadConfig } from './config';
import { DatabaseError } from './db/client';

/** Starts the portal: one line on a wrong setting, clean shutdown on SIGINT/SIGTERM. */
async function main() {
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof DatabaseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // A second signal (double Ctrl-C, or a watcher passing the signal on) must not cut the
  // database close short: it is ignored while the first shutdown runs.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use; set PORT to another port`
        : `Cannot start: ${(error as Error).message}`,
    );
    await app.close();
    process.exit(1);
  }
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${config.dataDir}`;
  if (!config.publicUrl)
    app.log.warn(
      `PUBLIC_URL is not set: QR codes, sticker sheets and certificate verification links point to ${linkBase(config)}. ` +
        'Set PUBLIC_URL to the address users open (docs/operations.md).',
    );
  app.log.info(`portal ready on port ${config.port} with ${database} in ${Math.round(performance.now() - started)} ms`);
}

void main();
