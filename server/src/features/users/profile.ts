import type { FastifyRequest } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { type ProfileAnswer, type ProfileBody, SHELL, USERS } from '@portal/contracts';
import { files, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/errors';
import { actorOf } from '../../lib/scope';
import type { RequestContext } from '../context';
import { removeSignature, replaceSignature } from './signature';

/**
 * My profile (ours; DECISIONS 9): every signed-in user keeps their own qualifications and
 * signature, which certificates print for the inspectors who performed an inspection and for
 * the approver. Approval is refused while the approver has no signature here.
 */
export async function profileOf(ctx: RequestContext): Promise<ProfileAnswer> {
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, qualifications: users.qualifications, signature: files.blobKey })
    .from(users)
    .leftJoin(files, eq(files.id, users.signatureFileId))
    .where(eq(users.id, ctx.user.id));
  if (!row) throw notFound(SHELL.notFound);
  return { ...row, role: ctx.user.role };
}

/** `POST /api/profile`: the qualifications printed under one's name. */
export async function saveProfile(ctx: RequestContext, body: ProfileBody): Promise<ProfileAnswer & { message: string }> {
  await inTransaction(ctx.db, actorOf(ctx.user), async (tx) => {
    await tx
      .update(users)
      .set({ qualifications: body.qualifications, modifiedBy: ctx.user.id, modifiedAt: sql`now()` })
      .where(eq(users.id, ctx.user.id));
  });
  return { ...(await profileOf(ctx)), message: USERS.profileSaved };
}

/** `POST /api/profile/signature`: one's own signature (a .jpg or .png, checked by content). */
export const uploadOwnSignature = (ctx: RequestContext, request: FastifyRequest) => replaceSignature(ctx, request, ctx.user.id);

/** `DELETE /api/profile/signature`. */
export const deleteOwnSignature = (ctx: RequestContext) => removeSignature(ctx, ctx.user.id);
