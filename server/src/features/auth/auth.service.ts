import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { AUTH, PASSWORD_MAX, PASSWORD_MIN, withDefaultDomain } from '@portal/contracts';
import { oneTimePasswords, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { hashPassword, passwordLengthValid, verifyPassword } from '../../lib/password';
import type { DeviceCookies } from '../../lib/deviceCookie';
import { clear, hit, LIMITS, type Limit, release, slowDownMs } from '../../lib/rateLimit';
import type { SessionStore } from '../../lib/sessions';
import { newOtp, sha256 } from '../../lib/tokens';
import { findLoginUser, latestOtp } from './auth.queries';

export const OTP_TTL_MS = 10 * 60_000;
const OTP_MAX_ATTEMPTS = 5;

export interface AuthDeps {
  db: Db;
  sessions: SessionStore;
  mailer: Mailer;
  defaultMailDomain: string;
  devices: DeviceCookies;
  /** Waits out a slow-down without blocking the event loop (tests record instead of waiting). */
  delay(ms: number): Promise<void>;
}

export const normaliseLogin = (login: string, domain: string) => withDefaultDomain(login, domain).toLowerCase();

/**
 * Counts one attempt against each limit before the attempt is checked (atomic in the
 * database, so parallel attempts cannot slip under a limit: each gets its own count), refuses
 * once over a limit, and otherwise waits the growing delay of the most used one.
 */
async function countAttempt(deps: Pick<AuthDeps, 'db' | 'delay'>, keys: [string, Limit][]): Promise<void> {
  let retryAfterSeconds = 0;
  let wait = 0;
  for (const [key, limit] of keys) {
    const state = await hit(deps.db, key, limit);
    if (state.blocked) retryAfterSeconds = Math.max(retryAfterSeconds, state.retryAfterSeconds);
    wait = Math.max(wait, slowDownMs(state.count, limit));
  }
  if (retryAfterSeconds > 0) throw tooManyRequests(AUTH.tooManyAttempts, retryAfterSeconds);
  if (wait > 0) await deps.delay(wait);
}

/**
 * Verifies the credentials and opens a session; answers the session token and the browser's
 * new device cookie. A client presenting a valid device cookie for this account is counted
 * per device only; any other client per account and per address (docs/operations.md).
 */
export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string; ip: string; userAgent?: string; deviceCookie?: string },
) {
  const email = normaliseLogin(input.email, deps.defaultMailDomain);
  const nonce = await deps.devices.nonceFor(input.deviceCookie, email);
  const deviceKey = `login:device:${nonce}`;
  const accountKey = `login:account:${email}`;
  const addressKey = `login:address:${input.ip}`;
  await countAttempt(
    deps,
    nonce
      ? [[deviceKey, LIMITS.loginDevice]]
      : [
          [accountKey, LIMITS.loginAccount],
          [addressKey, LIMITS.loginAddress],
        ],
  );
  const user = await findLoginUser(deps.db, email);
  const valid = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !valid) throw unauthorized(AUTH.invalidCredentials);
  // Right password: the attempt was no failure (successful sign-ins are not limited). The
  // owner's known browser leaves the account's count alone: it may be an attacker's.
  if (nonce) {
    await clear(deps.db, deviceKey);
  } else {
    await clear(deps.db, accountKey);
    await release(deps.db, addressKey);
  }
  if (user.namespaceStatus !== 1) throw unauthorized(AUTH.namespaceSuspended);
  if (user.status !== 1) throw unauthorized(AUTH.inactiveUser);
  const token = await deps.sessions.create(user, { ip: input.ip, userAgent: input.userAgent });
  const deviceCookie = await deps.devices.issue(input.deviceCookie, email);
  return { token, userId: user.id, deviceCookie };
}

/** Sends a 6-digit OTP valid for 10 minutes. Unknown addresses get the same answer. */
export async function requestOtp(deps: AuthDeps, input: { email: string; ip: string }): Promise<string> {
  const email = normaliseLogin(input.email, deps.defaultMailDomain);
  const account = await hit(deps.db, `otp:account:${email}`, LIMITS.otpAccount);
  const address = await hit(deps.db, `otp:address:${input.ip}`, LIMITS.otpAddress);
  if (account.blocked || address.blocked) {
    throw tooManyRequests(AUTH.tooManyAttempts, Math.max(account.retryAfterSeconds, address.retryAfterSeconds));
  }
  const user = await findLoginUser(deps.db, email);
  if (user && user.status === 1 && user.namespaceStatus === 1) {
    const code = newOtp();
    await inTransaction(deps.db, { userId: null, namespaceId: user.namespaceId }, async (tx) => {
      // A new OTP replaces any earlier unused one.
      await tx
        .update(oneTimePasswords)
        .set({ usedAt: sql`now()` })
        .where(and(eq(oneTimePasswords.userId, user.id), isNull(oneTimePasswords.usedAt)));
      await tx.insert(oneTimePasswords).values({
        userId: user.id,
        codeHash: sha256(`${user.id}:${code}`),
        expiresAt: new Date(Date.now() + OTP_TTL_MS),
      });
    });
    await deps.mailer.send({
      namespaceId: user.namespaceId,
      to: email,
      content: {
        subject: 'Your password reset code',
        paragraphs: [`Your one-time password is ${code}. It expires in 10 minutes and can be used once.`],
        closing: ['If you did not ask to reset your password, you can ignore this mail.'],
      },
    });
  }
  return email;
}

export async function resetPassword(deps: AuthDeps, input: { email: string; newPassword: string; otp: string; ip: string }) {
  const fields: Record<string, string> = {};
  if (!input.newPassword.trim()) fields.newPassword = AUTH.newPasswordMandatory;
  else if (!passwordLengthValid(input.newPassword)) fields.newPassword = AUTH.passwordLength;
  if (!input.otp) fields.otp = AUTH.otpMandatory;
  else if (!/^\d{6}$/.test(input.otp)) fields.otp = AUTH.otpInvalid;
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first, fields);

  const email = normaliseLogin(input.email, deps.defaultMailDomain);
  const accountKey = `reset:account:${email}`;
  await countAttempt(deps, [[accountKey, LIMITS.resetAccount]]);
  const user = await findLoginUser(deps.db, email);
  const otp = user ? await latestOtp(deps.db, user.id) : null;
  // Each guess spends one of the OTP's attempts before it is compared, in one statement, so
  // parallel guesses cannot get more than OTP_MAX_ATTEMPTS comparisons between them.
  const guess = otp
    ? await deps.db
        .update(oneTimePasswords)
        .set({ attempts: sql`${oneTimePasswords.attempts} + 1` })
        .where(and(eq(oneTimePasswords.id, otp.id), lt(oneTimePasswords.attempts, OTP_MAX_ATTEMPTS)))
        .returning({ id: oneTimePasswords.id })
    : [];
  if (!user || !otp || guess.length === 0 || otp.codeHash !== sha256(`${user.id}:${input.otp}`)) {
    throw badRequest(AUTH.otpInvalid, { otp: AUTH.otpInvalid });
  }
  await release(deps.db, accountKey);
  const passwordHash = await hashPassword(input.newPassword.trim());
  await inTransaction(deps.db, { userId: user.id, namespaceId: user.namespaceId }, async (tx) => {
    // Single use: the OTP is spent in the same transaction that changes the password.
    const spent = await tx
      .update(oneTimePasswords)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oneTimePasswords.id, otp.id), isNull(oneTimePasswords.usedAt)))
      .returning({ id: oneTimePasswords.id });
    if (spent.length === 0) throw badRequest(AUTH.otpInvalid, { otp: AUTH.otpInvalid });
    await tx.update(users).set({ passwordHash, modifiedAt: sql`now()` }).where(eq(users.id, user.id));
    await deps.sessions.destroyForUser(tx, user.id);
  });
  await clear(deps.db, accountKey);
}

export { PASSWORD_MAX, PASSWORD_MIN };
