import { appendFileSync, rmSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { MAIL_FILE, SMTP_PORT } from './env';

/**
 * An SMTP sink for the portal under test: every mail is appended to MAIL_FILE as one JSON
 * line, which tests read (e.g. the OTP of a password reset).
 */
export default async function globalSetup() {
  rmSync(MAIL_FILE, { force: true });
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
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
