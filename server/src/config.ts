import path from 'node:path';
import { z } from 'zod';

/** How long a new request may wait for the database, and how many may wait at once (db/queue.ts). */
export const DEFAULT_QUEUE = { maxWaitMs: 10_000, maxWaiting: 1000 } as const;

/**
 * Server settings, all from the environment (documented in docs/operations.md).
 * A wrong setting stops start-up with a one-line explanation.
 */
const bool = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'DATA_DIR must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Inspection Portal <no-reply@localhost>'),
  DEFAULT_MAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i, 'DEFAULT_MAIL_DOMAIN must be a domain such as example.com')
    .default('demo.test'),
  SEED_DEMO: bool('SEED_DEMO').optional(),
  OPERATOR_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9-]{3,30}$/, 'OPERATOR_NAMESPACE must be a namespace name (3 to 30 lower-case letters, digits or hyphens)')
    .optional(),
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL must be an absolute http(s) address' })
    .regex(/^https?:\/\//, 'PUBLIC_URL must be an absolute http(s) address')
    .optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  TRUST_PROXY: bool('TRUST_PROXY').optional(),
  FILE_STORE: z.enum(['db', 'dir'], { error: 'FILE_STORE must be db or dir' }).optional(),
  FILES_DIR: z.string().min(1).optional(),
  DB_QUEUE_MAX_WAIT_MS: z.coerce
    .number({ error: 'DB_QUEUE_MAX_WAIT_MS must be a number' })
    .int('DB_QUEUE_MAX_WAIT_MS must be a whole number')
    .min(1, 'DB_QUEUE_MAX_WAIT_MS must be between 1 and 120000')
    .max(120_000, 'DB_QUEUE_MAX_WAIT_MS must be between 1 and 120000')
    .default(DEFAULT_QUEUE.maxWaitMs),
  DOCUMENT_POLL_MS: z.coerce
    .number({ error: 'DOCUMENT_POLL_MS must be a number' })
    .int('DOCUMENT_POLL_MS must be a whole number')
    .min(0, 'DOCUMENT_POLL_MS must be between 0 and 3600000')
    .max(3_600_000, 'DOCUMENT_POLL_MS must be between 0 and 3600000')
    .default(2000),
  REMINDER_CHECK_MS: z.coerce
    .number({ error: 'REMINDER_CHECK_MS must be a number' })
    .int('REMINDER_CHECK_MS must be a whole number')
    .min(0, 'REMINDER_CHECK_MS must be between 0 and 86400000')
    .max(86_400_000, 'REMINDER_CHECK_MS must be between 0 and 86400000')
    .default(900_000),
  DB_QUEUE_MAX_WAITING: z.coerce
    .number({ error: 'DB_QUEUE_MAX_WAITING must be a number' })
    .int('DB_QUEUE_MAX_WAITING must be a whole number')
    .min(1, 'DB_QUEUE_MAX_WAITING must be between 1 and 100000')
    .max(100_000, 'DB_QUEUE_MAX_WAITING must be between 1 and 100000')
    .default(DEFAULT_QUEUE.maxWaiting),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  defaultMailDomain: string;
  /** undefined: seed a fresh embedded database only. */
  seedDemo?: boolean;
  /** The platform operator's namespace (DECISIONS 10); undefined: the installation's first namespace. */
  operatorNamespace?: string;
  publicUrl?: string;
  webDist?: string;
  logLevel: string;
  /** Behind HTTPS (PUBLIC_URL https://...) the session cookie is Secure. */
  secureCookies: boolean;
  /** How long a resolved session may be reused without a database read (0 disables). */
  sessionCacheMs: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits). */
  trustProxy: boolean;
  /**
   * Where file contents live: `dir` (files under `filesDir`, always on the embedded database)
   * or `db` (the `file_blobs` table, PostgreSQL's default). See docs/operations.md.
   */
  fileStore: 'db' | 'dir';
  /** The blob directory (`DATA_DIR/files` unless FILES_DIR); also where uploads wait while checked. */
  filesDir: string;
  /** How long a new request may wait for the database before it gets 503 (db/queue.ts). */
  dbQueueMaxWaitMs: number;
  /** New requests that may wait for the database at once; one more gets 503 at once. */
  dbQueueMaxWaiting: number;
  /** How often this instance looks for queued PDF generation (ms); 0 turns its worker off. */
  documentPollMs: number;
  /** How often this instance looks for a namespace whose due reminders of today are not sent (ms); 0 turns it off. */
  reminderCheckMs: number;
}

export class ConfigError extends Error {}

/**
 * The address every link printed on a document or sticker starts with (DECISIONS 9): PUBLIC_URL,
 * never the Host a request came with. Without PUBLIC_URL (development), this server's own
 * address on localhost; the server warns at start (server.ts).
 */
export function linkBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${name}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.FILE_STORE === 'db' && !e.DATABASE_URL) {
    throw new ConfigError('Invalid setting FILE_STORE: db needs DATABASE_URL; the embedded database keeps files in DATA_DIR/files');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    defaultMailDomain: e.DEFAULT_MAIL_DOMAIN.toLowerCase(),
    seedDemo: e.SEED_DEMO,
    operatorNamespace: e.OPERATOR_NAMESPACE,
    publicUrl: e.PUBLIC_URL,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    secureCookies: (e.PUBLIC_URL ?? '').startsWith('https://'),
    sessionCacheMs: e.SESSION_CACHE_MS,
    trustProxy: e.TRUST_PROXY ?? false,
    fileStore: e.FILE_STORE ?? (e.DATABASE_URL ? 'db' : 'dir'),
    filesDir: path.resolve(e.FILES_DIR ?? path.join(dataDir, 'files')),
    dbQueueMaxWaitMs: e.DB_QUEUE_MAX_WAIT_MS,
    dbQueueMaxWaiting: e.DB_QUEUE_MAX_WAITING,
    documentPollMs: e.DOCUMENT_POLL_MS,
    reminderCheckMs: e.REMINDER_CHECK_MS,
  };
}
