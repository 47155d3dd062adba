import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  namespaceAdminEmail,
  REGISTRATION,
  type RegistrationColumn,
  type RegistrationCreateBody as CreateSchema,
  type RegistrationFilter,
  type RegistrationRow,
  USER_TYPE,
} from '@portal/contracts';
import { linkBase } from '../../config';
import { files, namespaces, oneTimePasswords, sessions, userDivisions, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Db } from '../../db/types';
import { fileContent } from '../../lib/blobs';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { OWNER } from '../../lib/fileAccess';
import { deleteFile, IMAGE_MAX_BYTES, readSingleUpload, storeFile } from '../../lib/files';
import { operatorNamespaceId } from '../../lib/operator';
import { actorOf } from '../../lib/scope';
import { newOtp, sha256 } from '../../lib/tokens';
import type { RequestContext } from '../context';
import { createNamespaceDefaults } from './defaults';
import { registrationCount, registrationRow, registrationRows } from './registration.queries';

/** How long the administrator's set-password link stays valid. */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60_000;

type CreateInput = ReturnType<typeof CreateSchema.parse>;

/**
 * A step run inside the registering transaction after the defaults, before the administrator:
 * tests set it to show that a failure midway leaves nothing behind. Never set in production.
 */
export const registrationTestHooks: { afterDefaults?: (tx: Db, namespaceId: number) => Promise<void> } = {};

/**
 * The operator's namespace (DECISIONS 10): the permission registry lets only MASTER_ADMIN in,
 * and this makes sure it is the operator's MASTER_ADMIN; any other namespace gets 403.
 */
export async function requireOperator(app: FastifyInstance, namespaceId: number): Promise<void> {
  const operatorId = await operatorNamespaceId(app.db, app.config.operatorNamespace);
  if (operatorId === null || operatorId !== namespaceId) throw forbidden(REGISTRATION.operatorOnly);
}

export async function listRegistrations(
  ctx: RequestContext,
  operatorId: number,
  query: { offset: number; limit: number; sortField: RegistrationColumn; sortOrder: 'asc' | 'desc' },
  filter: RegistrationFilter,
) {
  return registrationRows(ctx.db, operatorId, { ...query, filter });
}

export const countRegistrations = (ctx: RequestContext, filter: RegistrationFilter) => registrationCount(ctx.db, filter);

export async function getRegistration(ctx: RequestContext, operatorId: number, id: number): Promise<RegistrationRow> {
  const row = await registrationRow(ctx.db, operatorId, id);
  if (!row) throw notFound(REGISTRATION.notFound);
  return row;
}

function profileValues(body: CreateInput) {
  return {
    contactName: body.name,
    mobile: body.mobilenumber ?? null,
    companyName: body.companyname,
    companyAddress: body.companyaddress ?? null,
    companyWebsite: body.companywebsite ?? null,
    projectName: body.projectname ?? null,
    projectAddress: body.projectaddress ?? null,
    projectWebsite: body.projectwebsite ?? null,
    projectReraRegistration: body.projectreraregistration ?? null,
    currentProjectPhase: body.currentprojectphase,
    sourceType: body.sourcetype,
    userDesignation: body.userdesignation ?? null,
  };
}

/**
 * `POST /api/CustomerRegistration`: the namespace, its defaults, its administrator (no password
 * yet) and the set-password code, all in one transaction (a failure leaves nothing); the mail
 * with the link goes after the commit.
 */
export async function registerCustomer(ctx: RequestContext, operatorId: number, body: CreateInput): Promise<RegistrationRow> {
  const domain = ctx.app.config.defaultMailDomain;
  const email = namespaceAdminEmail(body.namespace, domain);
  const code = newOtp();
  const created = await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    let namespaceId: number;
    try {
      const [row] = await tx
        .insert(namespaces)
        .values({ name: body.namespace, email, status: 1, ...profileValues(body) })
        .returning({ id: namespaces.id });
      namespaceId = row.id;
    } catch (error) {
      if (isUniqueViolation(error, 'namespaces_name_key'))
        throw conflict(REGISTRATION.namespaceTaken(body.namespace), { namespace: REGISTRATION.namespaceTaken(body.namespace) });
      throw error;
    }
    const defaults = await createNamespaceDefaults(tx, namespaceId);
    await registrationTestHooks.afterDefaults?.(tx, namespaceId);
    let adminId: number;
    try {
      const [admin] = await tx
        .insert(users)
        .values({
          namespaceId,
          email,
          name: body.name,
          phone: body.mobilenumber ?? null,
          description: body.userdesignation ?? 'Namespace administrator',
          type: USER_TYPE.LO,
          roleId: defaults.roleIds.CONFIG_ADMIN,
          officeId: defaults.officeId,
          status: 1,
          passwordHash: null,
          createdBy: ctx.user.id,
        })
        .returning({ id: users.id });
      adminId = admin.id;
    } catch (error) {
      // Savepoint-free: the whole registration is rolled back, the namespace included.
      if (isUniqueViolation(error, 'users_email_key'))
        throw conflict(REGISTRATION.emailTaken(email), { email: REGISTRATION.emailTaken(email) });
      throw error;
    }
    await tx.insert(userDivisions).values({ userId: adminId, divisionId: defaults.divisionId });
    await tx.insert(oneTimePasswords).values({
      userId: adminId,
      codeHash: sha256(`${adminId}:${code}`),
      expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
    });
    return { namespaceId };
  });
  await sendSetPasswordMail(ctx, {
    namespaceId: created.namespaceId,
    name: body.name,
    namespace: body.namespace,
    company: body.companyname,
    email,
    code,
  });
  return getRegistration(ctx, operatorId, created.namespaceId);
}

/** The administrator's first password: a link to the login page's Reset Password with the code filled in. */
async function sendSetPasswordMail(
  ctx: RequestContext,
  input: { namespaceId: number; name: string; namespace: string; company: string; email: string; code: string },
): Promise<void> {
  const link = `${linkBase(ctx.app.config)}/login?setPassword=${encodeURIComponent(input.email)}&otp=${input.code}`;
  try {
    await ctx.app.mailer.send({
      namespaceId: input.namespaceId,
      to: input.email,
      content: {
        subject: REGISTRATION.setPasswordSubject(input.company),
        paragraphs: [REGISTRATION.setPasswordText(input.name, input.namespace, input.email)],
        facts: [[REGISTRATION.setPasswordLink, link]],
        closing: [REGISTRATION.setPasswordLater],
      },
    });
  } catch (error) {
    // The namespace stands; its administrator can still use Reset Password.
    ctx.app.log.warn({ err: error, to: input.email }, 'set-password mail not sent');
  }
}

/** Ends every session of a namespace: the rows go in the caller's transaction (every instance sees it). */
async function endSessions(tx: Db, namespaceId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.namespaceId, namespaceId));
}

async function lockedNamespace(tx: Db, id: number) {
  const [row] = await tx
    .select({ id: namespaces.id, name: namespaces.name, status: namespaces.status })
    .from(namespaces)
    .where(eq(namespaces.id, id))
    .for('update');
  if (!row) throw notFound(REGISTRATION.notFound);
  return row;
}

/** `PUT /api/CustomerRegistration`: the customer's fields and its state; the namespace name stays. */
export async function updateCustomer(
  ctx: RequestContext,
  operatorId: number,
  body: CreateInput & { id: number; currentstate?: 0 | 1 },
): Promise<RegistrationRow> {
  let deactivated = false;
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const existing = await lockedNamespace(tx, body.id);
    if (existing.name.toLowerCase() !== body.namespace.toLowerCase())
      throw conflict(REGISTRATION.namespaceFixed, { namespace: REGISTRATION.namespaceFixed });
    const status = body.currentstate ?? existing.status;
    if (status !== 1 && existing.id === operatorId) throw conflict(REGISTRATION.operatorStaysActive);
    await tx
      .update(namespaces)
      .set({ ...profileValues(body), status, modifiedAt: sql`now()` })
      .where(eq(namespaces.id, existing.id));
    if (status !== 1 && existing.status === 1) {
      await endSessions(tx, existing.id);
      deactivated = true;
    }
  });
  if (deactivated) ctx.app.sessions.forgetNamespace(body.id);
  return getRegistration(ctx, operatorId, body.id);
}

/** `DELETE /api/CustomerRegistration/{id}`: deactivates (its users are signed out at once; its data stays). */
export async function deactivateCustomer(ctx: RequestContext, operatorId: number, id: number): Promise<{ message: string }> {
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const existing = await lockedNamespace(tx, id);
    if (existing.id === operatorId) throw conflict(REGISTRATION.operatorStaysActive);
    await tx.update(namespaces).set({ status: 0, modifiedAt: sql`now()` }).where(eq(namespaces.id, id));
    await endSessions(tx, id);
  });
  ctx.app.sessions.forgetNamespace(id);
  return { message: REGISTRATION.deleted };
}

async function logoOf(ctx: RequestContext, namespaceId: number) {
  const [row] = await ctx.db
    .select({ content: files.content, sha256: files.sha256, type: files.contentType })
    .from(namespaces)
    .leftJoin(files, eq(files.id, namespaces.logoFileId))
    .where(eq(namespaces.id, namespaceId));
  if (!row) throw notFound(REGISTRATION.notFound);
  const content = row.sha256 || row.content ? await fileContent(ctx.app.blobs, row) : null;
  return { fileType: content ? (row.type ?? null) : null, loComanyLogo: content ? content.toString('base64') : null };
}

/** `GET /api/CustomerRegistration/getImage/{id}`. */
export const customerLogo = (ctx: RequestContext, id: number) => logoOf(ctx, id);

/** `POST /api/CustomerRegistration/uploadImage/{id}`: a .jpg or .png of at most 5 MB, checked by content. */
export async function uploadCustomerLogo(ctx: RequestContext, request: FastifyRequest, id: number) {
  const [target] = await ctx.db.select({ id: namespaces.id }).from(namespaces).where(eq(namespaces.id, id));
  if (!target) throw notFound(REGISTRATION.notFound);
  const upload = await readSingleUpload(request, ctx.app.blobs, 'imageFile', ['png', 'jpg'], IMAGE_MAX_BYTES, { image: 'logo' });
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    const [row] = await tx.select({ fileId: namespaces.logoFileId }).from(namespaces).where(eq(namespaces.id, id)).for('update');
    const stored = await storeFile(tx, { namespaceId: id, ownerType: OWNER.namespaceLogo, ownerId: id, createdBy: ctx.user.id, upload });
    await tx.update(namespaces).set({ logoFileId: stored.id, modifiedAt: sql`now()` }).where(eq(namespaces.id, id));
    if (row?.fileId) await deleteFile(tx, id, row.fileId);
  });
  return logoOf(ctx, id);
}
