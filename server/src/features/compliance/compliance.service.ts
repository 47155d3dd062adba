import { COMPLIANCE_TAB_URL, COMPLIANCE_TEXT, type ComplianceOverview, type ComplianceQuery } from '@portal/contracts';
import { forbidden, notFound } from '../../lib/errors';
import { mayUseCompany, mayUseSite } from '../../lib/scope';
import { findClient, findSite } from '../clients';
import type { RequestContext } from '../context';
import { visibleTabs } from '../dashboard';
import {
  type ComplianceFilter,
  dueSoonAssets,
  examinationsPerMonth,
  itemStatusGroups,
  openTasksPerInspector,
  overdueAssets,
  todayUtc,
} from './compliance.queries';

/**
 * The Compliance overview (issue 23): a tab of the home dashboard, so the namespace's dashboard
 * view rules decide who sees it (403 when no visible, enabled tab names `app:compliance`), and
 * the caller's scope what it counts: LO roles the namespace, client roles their company,
 * SITE-USER and REQUESTER their sites. A client or site outside that answers 404.
 */
async function requireTab(ctx: RequestContext) {
  const tabs = await visibleTabs(ctx);
  if (!tabs.some((tab) => tab.url === COMPLIANCE_TAB_URL && tab.isEnabled)) throw forbidden(COMPLIANCE_TEXT.notOnDashboard);
}

async function resolveFilter(ctx: RequestContext, query: ComplianceQuery): Promise<ComplianceFilter> {
  const { scope } = ctx;
  let companyId = query.companyId ?? scope.companyId;
  if (query.companyId !== undefined) {
    if (!mayUseCompany(scope, query.companyId) || !(await findClient(ctx.db, scope, query.companyId))) {
      throw notFound(COMPLIANCE_TEXT.clientNotFound);
    }
  }
  if (query.siteId === undefined) return { companyId: companyId ?? null, siteId: null };
  const site = await findSite(ctx.db, scope, query.siteId);
  if (!site || (companyId !== null && site.companyId !== companyId) || !mayUseSite(scope, { id: site.id, companyId: site.companyId })) {
    throw notFound(COMPLIANCE_TEXT.siteNotFound);
  }
  companyId = site.companyId;
  return { companyId, siteId: site.id };
}

/** `GET /api/compliance/overview?companyId&siteId`: every figure of the overview in one answer. */
export async function complianceOverview(ctx: RequestContext, query: ComplianceQuery): Promise<ComplianceOverview> {
  await requireTab(ctx);
  const filter = await resolveFilter(ctx, query);
  const status = await itemStatusGroups(ctx.db, ctx.scope, filter);
  const overdue = { total: status.overdue, rows: await overdueAssets(ctx.db, ctx.scope, filter) };
  const dueSoon = { total: status.dueSoon, rows: await dueSoonAssets(ctx.db, ctx.scope, filter) };
  const examinations = await examinationsPerMonth(ctx.db, ctx.scope, filter);
  const openTasks = await openTasksPerInspector(ctx.db, ctx.scope, filter);
  return {
    companyId: filter.companyId,
    siteId: filter.siteId,
    today: await todayUtc(ctx.db),
    itemStatus: status.totals,
    groups: status.groups,
    examinations,
    overdue,
    dueSoon,
    openTasks,
  };
}
