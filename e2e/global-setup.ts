import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { BASE_URL, CLAIMS_DIR, MAIL_FILE, PASSWORD, SMTP_PORT } from './env';

/** Queued (x1) or being made (x2); null: no documents asked for. */
const pendingDocument = (row: { certificateStatus: number | null }) =>
  row.certificateStatus !== null && [1, 2].includes(row.certificateStatus % 10);

/**
 * The demo's documents (every approved task's final certificate and every submitted task's
 * preview) are made by the server's worker after its first start. The tests start once they
 * are all ready, so none runs beside that background work or finds a document half made.
 */
async function documentsReady(): Promise<void> {
  const login = await fetch(`${BASE_URL}/api/weblogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'lo-admin@demo.test', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`global setup: sign-in ${login.status}`);
  const { sessionId } = (await login.json()) as { sessionId: string };
  const filter = encodeURIComponent(JSON.stringify({ status: [8, 16] }));
  // No deadline for the whole batch (a busy machine makes it slower, not wrong): the wait ends
  // in failure only when no document has been finished for two minutes.
  const STALL_MS = 120_000;
  let lastPending = Number.POSITIVE_INFINITY;
  let lastProgress = Date.now();
  for (;;) {
    const response = await fetch(`${BASE_URL}/api/Observation?offset=-1&limit=-1&filter=${filter}`, {
      headers: { authorization: `Bearer ${sessionId}` },
    });
    const tasks = (await response.json()) as { id: number; isLlg: boolean; status: number; certificateStatus: number | null }[];
    // LLG child records stay out of the dashboard: their documents are read under each LLG task,
    // one request per LLG task. Those are asked only once the tasks' own documents are made: on
    // every look they were most of this wait's load on the server, which makes the documents.
    const children: { certificateStatus: number | null }[] = [];
    for (const parent of tasks.some(pendingDocument) ? [] : tasks.filter((r) => r.isLlg)) {
      const list = await fetch(`${BASE_URL}/api/Observation/getchildLLG/${parent.id}`, {
        headers: { authorization: `Bearer ${sessionId}` },
      });
      if (list.ok) children.push(...((await list.json()) as { children: { certificateStatus: number | null }[] }).children);
    }
    const rows = [...tasks, ...children];
    // Queued (x1) or being made (x2). Tasks with no documents asked for (the demo's older loose
    // gear examinations and their LLG tasks: null) have nothing to wait for; a failed one (x9) stops here.
    const failedRows = rows.filter((r) => r.certificateStatus !== null && r.certificateStatus % 10 === 9).length;
    if (failedRows > 0) throw new Error(`global setup: ${failedRows} demo documents failed`);
    const pending = rows.filter(pendingDocument).length;
    if (pending === 0) break;
    // Any change is progress (the count grows once the LLG records' documents are counted too).
    if (pending !== lastPending) {
      lastPending = pending;
      lastProgress = Date.now();
    } else if (Date.now() - lastProgress > STALL_MS) {
      throw new Error(`global setup: ${pending} demo documents still not made, none finished for 2 minutes`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await fetch(`${BASE_URL}/api/login?logout=true`, { headers: { authorization: `Bearer ${sessionId}` } }).catch(() => undefined);
}

/**
 * An SMTP sink for the portal under test: every mail is appended to MAIL_FILE as one JSON
 * line, which tests read (e.g. the OTP of a password reset).
 */
export default async function globalSetup() {
  rmSync(MAIL_FILE, { force: true });
  rmSync(CLAIMS_DIR, { recursive: true, force: true });
  mkdirSync(CLAIMS_DIR, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        appendFileSync(MAIL_FILE, `${JSON.stringify({ to, raw, at: Date.now() })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(SMTP_PORT, '127.0.0.1', () => resolve());
  });
  await documentsReady();
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
