import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { formatTimestamp, USER_STATUS_LABEL, type UserStatus } from '@portal/contracts';
import { auditLog, clientCompanies, namespaces, offices, roles, sites, users } from '../../db/schema';
import { contextOf } from '../context';
import { page } from './pages';

/**
 * Pages this server serves for the home dashboard tabs, so the quick start shows real
 * content without any outside site: a namespace overview and the recent activity log.
 * Both are scoped to the caller like every API answer.
 */
export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/dashboard/pages/overview', { config: { permission: 'dashboard.read' } }, async (request, reply) => {
    const ctx = contextOf(app, request);
    const { namespaceId, companyId } = ctx.scope;
    const companyFilter = companyId === null ? sql`true` : eq(clientCompanies.id, companyId);
    const [ns] = await ctx.db.select({ companyName: namespaces.companyName }).from(namespaces).where(eq(namespaces.id, namespaceId));
    const [clientCount] = await ctx.db
      .select({ n: count() })
      .from(clientCompanies)
      .where(and(eq(clientCompanies.namespaceId, namespaceId), eq(clientCompanies.status, 1), companyFilter));
    const [siteCount] = await ctx.db
      .select({ n: count() })
      .from(sites)
      .innerJoin(clientCompanies, eq(clientCompanies.id, sites.companyId))
      .where(and(eq(sites.namespaceId, namespaceId), eq(sites.status, 1), companyFilter));
    const userFilter = companyId === null ? sql`true` : eq(users.companyId, companyId);
    const byStatus = await ctx.db
      .select({ status: users.status, n: count() })
      .from(users)
      .where(and(eq(users.namespaceId, namespaceId), userFilter))
      .groupBy(users.status);
    const byRole = await ctx.db
      .select({ role: roles.name, n: count() })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.namespaceId, namespaceId), eq(users.status, 1), userFilter))
      .groupBy(roles.name)
      .orderBy(desc(count()));
    const officeRows =
      companyId === null
        ? await ctx.db
            .select({
              name: offices.name,
              code: offices.acronymCode,
              city: offices.city,
              staff: sql<number>`(select count(*)::int from users u where u.office_id = ${offices.id} and u.status = 1)`,
            })
            .from(offices)
            .where(and(eq(offices.namespaceId, namespaceId), eq(offices.status, 1)))
            .orderBy(offices.name)
        : [];
    const active = byStatus.find((s) => s.status === 1)?.n ?? 0;
    const total = byStatus.reduce((sum, s) => sum + Number(s.n), 0);
    reply.type('text/html; charset=utf-8');
    return page(
      companyId === null ? `${ns?.companyName ?? 'Namespace'} at a glance` : 'Your company at a glance',
      `Live figures for ${ctx.user.name} (${ctx.user.role}), ${formatTimestamp(new Date())}`,
      [
        { label: 'Active clients', value: clientCount?.n ?? 0 },
        { label: 'Active sites', value: siteCount?.n ?? 0 },
        { label: 'Active users', value: active, hint: `${total} in all` },
        ...(companyId === null ? [{ label: 'LO offices', value: officeRows.length }] : []),
      ],
      [
        { title: 'Active users by role', columns: ['Role', 'Users'], rows: byRole.map((r) => [r.role, r.n]) },
        {
          title: 'Users by status',
          columns: ['Status', 'Users'],
          rows: byStatus.map((s) => [USER_STATUS_LABEL[s.status as UserStatus] ?? String(s.status), s.n]),
        },
        ...(companyId === null
          ? [
              {
                title: 'LO offices',
                columns: ['Office', 'Code', 'City', 'Active staff'],
                rows: officeRows.map((o) => [o.name, o.code ?? '', o.city ?? '', o.staff]),
              },
            ]
          : []),
      ],
    );
  });

  app.get('/dashboard/pages/activity', { config: { permission: { anyOf: ['settings.read', 'offices.read'] } } }, async (request, reply) => {
    const ctx = contextOf(app, request);
    const since = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    const rows = await ctx.db
      .select({ at: auditLog.createdAt, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId, who: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(and(eq(auditLog.namespaceId, ctx.scope.namespaceId), gte(auditLog.createdAt, since)))
      .orderBy(desc(auditLog.id))
      .limit(25);
    const changedToday = rows.filter((r) => r.at.getTime() > Date.now() - 24 * 3600 * 1000).length;
    const people = new Set(rows.map((r) => r.who).filter(Boolean));
    const verbs = new Map([
      ['INSERT', 'created'],
      ['UPDATE', 'changed'],
      ['DELETE', 'deleted'],
    ]);
    reply.type('text/html; charset=utf-8');
    return page(
      'Recent activity',
      'The latest changes recorded in the audit log (last 30 days)',
      [
        { label: 'Changes shown', value: rows.length },
        { label: 'In the last 24 hours', value: changedToday },
        { label: 'People', value: people.size },
      ],
      [
        {
          title: 'Latest changes',
          columns: ['When', 'Who', 'What', 'Record'],
          rows: rows.map((r) => [
            formatTimestamp(r.at),
            r.who ?? 'System',
            `${r.entity.replaceAll('_', ' ')} ${verbs.get(r.action) ?? r.action}`,
            r.entityId ?? '',
          ]),
          empty: 'No changes in the last 30 days',
        },
      ],
    );
  });
}
