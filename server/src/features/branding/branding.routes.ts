import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { LoginBrandingAnswer, SessionLogoAnswer } from '@portal/contracts';
import { files, namespaces } from '../../db/schema';
import { fileContent } from '../../lib/blobs';
import { userOf } from '../../plugins/auth';

/**
 * Company (namespace) logo for the header, and the branding of the client-portal login
 * variant: when the host name contains a namespace's name, the login page shows that
 * namespace's name and logo (shell document 1).
 */
export async function brandingRoutes(app: FastifyInstance) {
  app.get(
    '/CustomerRegistration/getImageFromSession',
    { config: { permission: 'session.read' }, schema: { response: { 200: SessionLogoAnswer } } },
    async (request) => {
      const user = userOf(request);
      const rows = await app.db
        .select({ content: files.content, sha256: files.sha256, type: files.contentType })
        .from(namespaces)
        .leftJoin(files, eq(files.id, namespaces.logoFileId))
        .where(eq(namespaces.id, user.namespaceId));
      const logo = rows[0];
      const content = logo ? await fileContent(app.blobs, logo) : null;
      return { companyLogo: content ? content.toString('base64') : null, fileType: content ? (logo?.type ?? null) : null };
    },
  );

  // Also says whether the caller is signed in: /login is only for signed-out users, and this
  // spares the login page a second request.
  app.get('/loginBranding', { config: { permission: 'public' }, schema: { response: { 200: LoginBrandingAnswer } } }, async (request) => {
    const signedIn = request.auth !== null;
    const host = (request.hostname ?? '').toLowerCase().split(':')[0];
    if (!host) return { namespace: null, signedIn };
    // The longest namespace name contained in the host wins (acme-north before acme).
    const rows = await app.db
      .select({
        name: namespaces.name,
        companyName: namespaces.companyName,
        content: files.content,
        sha256: files.sha256,
        type: files.contentType,
      })
      .from(namespaces)
      .leftJoin(files, eq(files.id, namespaces.logoFileId))
      .where(sql`${namespaces.status} = 1 and length(${namespaces.name}) >= 3 and position(lower(${namespaces.name}) in ${host}) > 0`)
      .orderBy(sql`length(${namespaces.name}) desc`)
      .limit(1);
    const match = rows[0];
    if (!match) return { namespace: null, signedIn };
    const logo = await fileContent(app.blobs, match);
    return {
      signedIn,
      namespace: match.name,
      companyName: match.companyName,
      logo: logo ? logo.toString('base64') : null,
      logoType: logo ? (match.type ?? null) : null,
    };
  });
}
