import os from 'node:os';
import path from 'node:path';

/** Where the e2e portal runs; fixed per port so that the runner and its workers agree. */
export const PORT = Number(process.env.E2E_PORT ?? 3190);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2590);
export const BASE_URL = `http://localhost:${PORT}`;
export const DATA_DIR = path.join(os.tmpdir(), `portal-e2e-${PORT}`);
/** Tasks taken by a test in this run (pages/TaskPage.ts `findTask`). */
export const CLAIMS_DIR = path.join(os.tmpdir(), `portal-e2e-claims-${PORT}`);
export const MAIL_FILE = path.join(os.tmpdir(), `portal-e2e-mail-${SMTP_PORT}.jsonl`);
export const PASSWORD = 'demo1234';
