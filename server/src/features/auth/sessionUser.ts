import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  assetViewEnabled,
  DEFAULT_DISALLOWED_ASSET_CHARS,
  FEATURES_CONFIG_NAME,
  PERMISSIONS,
  type RuleSubject,
  type SessionUser,
  can,
  readFeatures,
  toIdList,
  WEB_ACCESS_CONFIG_NAME,
  type WebAccess,
} from '@portal/contracts';
import { clientCompanies, divisions, files, namespaces, offices, userDivisions, userOffices } from '../../db/schema';
import type { Db } from '../../db/types';
import { operatorNamespaceId } from '../../lib/operator';
import type { AuthUser } from '../../lib/sessions';
import { readConfigurations } from '../configurations';

export interface UserContext {
  subject: RuleSubject;
  offices: { id: number; name: string; code: string | null }[];
  divisions: { id: number; name: string; code: string | null }[];
  secondaryOfficeIds: number[];
  webAccess: WebAccess;
  features: ReturnType<typeof readFeatures>;
}

/** The user's offices, divisions and the namespace's web-access and feature configuration. */
export async function loadUserContext(db: Db, user: AuthUser): Promise<UserContext> {
  const [officeRows, divisionRows, configs] = await Promise.all([
    db
      .select({ id: offices.id, name: offices.name, code: offices.acronymCode })
      .from(offices)
      .where(
        and(
          eq(offices.namespaceId, user.namespaceId),
          or(
            user.officeId ? eq(offices.id, user.officeId) : sql`false`,
            inArray(offices.id, db.select({ id: userOffices.officeId }).from(userOffices).where(eq(userOffices.userId, user.id))),
          ),
        ),
      ),
    db
      .select({ id: divisions.id, name: divisions.name, code: divisions.acronymCode })
      .from(divisions)
      .innerJoin(userDivisions, eq(userDivisions.divisionId, divisions.id))
      .where(and(eq(userDivisions.userId, user.id), eq(divisions.namespaceId, user.namespaceId))),
    readConfigurations(db, user.namespaceId, [WEB_ACCESS_CONFIG_NAME, FEATURES_CONFIG_NAME]),
  ]);
  const primary = officeRows.find((o) => o.id === user.officeId) ?? null;
  const secondary = officeRows.filter((o) => o.id !== user.officeId);
  const webAccessValue = configs.get(WEB_ACCESS_CONFIG_NAME.toLowerCase());
  const webAccess = (webAccessValue && typeof webAccessValue === 'object' ? webAccessValue : {}) as WebAccess;
  return {
    subject: { role: user.role, primaryOffice: primary, offices: officeRows, divisions: divisionRows },
    offices: primary ? [primary, ...secondary] : secondary,
    divisions: divisionRows,
    secondaryOfficeIds: secondary.map((o) => o.id),
    webAccess,
    features: readFeatures(configs.get(FEATURES_CONFIG_NAME.toLowerCase())),
  };
}

/** The answer of `GET /api/login` (first list item) and `POST /api/weblogin`. */
export async function buildSessionUser(db: Db, user: AuthUser, operatorNamespace?: string): Promise<SessionUser> {
  const [context, namespaceRows, companyRows, operatorId] = await Promise.all([
    loadUserContext(db, user),
    db
      .select({ name: namespaces.name, companyName: namespaces.companyName, logoKey: files.blobKey, logoType: files.contentType })
      .from(namespaces)
      .leftJoin(files, eq(files.id, namespaces.logoFileId))
      .where(eq(namespaces.id, user.namespaceId)),
    user.companyId
      ? db
          .select({ name: clientCompanies.name, logoKey: files.blobKey, logoType: files.contentType })
          .from(clientCompanies)
          .leftJoin(files, eq(files.id, clientCompanies.logoFileId))
          .where(and(eq(clientCompanies.id, user.companyId), eq(clientCompanies.namespaceId, user.namespaceId)))
      : Promise.resolve([]),
    operatorNamespaceId(db, operatorNamespace),
  ]);
  const namespace = namespaceRows[0];
  const company = companyRows[0];
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    designation: user.roleName,
    role: user.role,
    permissions: PERMISSIONS.filter((p) => can(user.role, p)),
    type: user.type,
    namespace: namespace?.name ?? user.namespace,
    namespaceName: namespace?.companyName ?? user.namespace,
    companyId: user.companyId,
    companyName: company?.name ?? null,
    primaryOfficeId: user.officeId,
    secondaryOfficeIds: toIdList(context.secondaryOfficeIds),
    divisionIds: toIdList(context.divisions.map((d) => d.id)),
    siteIds: toIdList(user.siteIds),
    offices: context.offices,
    divisions: context.divisions,
    customerLogo: company?.logoKey ?? null,
    customerLogoType: company?.logoType ?? null,
    companyLogo: namespace?.logoKey ?? null,
    webAccess: context.webAccess as Record<string, unknown>,
    features: context.features,
    assetView: assetViewEnabled(context.webAccess, context.subject),
    operator: operatorId === user.namespaceId,
    disallowedAssetNameCharacters: [...DEFAULT_DISALLOWED_ASSET_CHARS],
  };
}
