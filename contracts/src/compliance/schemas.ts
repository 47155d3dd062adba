import { z } from 'zod';
import { ITEM_STATUSES } from '../assets/dashboard';
import { Id } from '../common/schemas';

/**
 * The Compliance overview (issue 23, ours): a home-dashboard tab whose url is this in-app view
 * instead of a page to frame (docs/decisions.md "Compliance overview").
 */
export const COMPLIANCE_TAB_URL = 'app:compliance';
/** The in-app views a dashboard tab may name (`app:<view>`). */
export const IN_APP_TAB_URLS = [COMPLIANCE_TAB_URL] as const;
/** Due Shortly: 15 days (tasks document 2-tasks 9); the due-soon list looks 30 days ahead. */
export const COMPLIANCE_DUE_SOON_DAYS = 30;
/** Rows of each list (overdue, due soon); the answer also carries the total. */
export const COMPLIANCE_LIST_MAX = 50;
/** Client/site groups of the item-status table; the answer also carries how many there are. */
export const COMPLIANCE_GROUPS_MAX = 200;
export const COMPLIANCE_MONTHS = 12;

/** `GET /api/compliance/overview?companyId&siteId`: both optional; client roles are held to their company. */
export const ComplianceQuery = z
  .object({
    companyId: Id.optional(),
    siteId: Id.optional(),
    tenantId: z.coerce.number().int().optional(),
  })
  .strict();
export type ComplianceQuery = z.output<typeof ComplianceQuery>;

const StatusCounts = z.object({
  valid: z.number(),
  dueShortly: z.number(),
  expired: z.number(),
  failed: z.number(),
  /** Active assets with no due date yet (never inspected): no item status. */
  none: z.number(),
  total: z.number(),
});
export type StatusCounts = z.infer<typeof StatusCounts>;

export const ComplianceGroup = StatusCounts.extend({
  companyId: z.number(),
  company: z.string(),
  siteId: z.number(),
  site: z.string(),
});
export type ComplianceGroup = z.infer<typeof ComplianceGroup>;

export const ComplianceAsset = z.object({
  id: z.number(),
  name: z.string(),
  companyId: z.number(),
  company: z.string(),
  siteId: z.number(),
  site: z.string(),
  assetType: z.string(),
  dueDate: z.string(),
  /** Whole days from today (UTC) to the due date: 0 or less is overdue. */
  days: z.number(),
  itemStatus: z.enum(ITEM_STATUSES).nullable(),
});
export type ComplianceAsset = z.infer<typeof ComplianceAsset>;

const AssetList = z.object({ total: z.number(), rows: ComplianceAsset.array() });

export const ComplianceMonth = z.object({ month: z.string(), pass: z.number(), fail: z.number() });
export type ComplianceMonth = z.infer<typeof ComplianceMonth>;

export const ComplianceInspector = z.object({
  inspectorId: z.number().nullable(),
  inspector: z.string(),
  open: z.number(),
  ongoing: z.number(),
  hold: z.number(),
  total: z.number(),
});
export type ComplianceInspector = z.infer<typeof ComplianceInspector>;

export const ComplianceOverview = z.object({
  companyId: z.number().nullable(),
  siteId: z.number().nullable(),
  /** Today (UTC) as the figures read it, YYYY-MM-DD. */
  today: z.string(),
  itemStatus: StatusCounts,
  groups: z.object({ total: z.number(), rows: ComplianceGroup.array() }),
  examinations: ComplianceMonth.array(),
  overdue: AssetList,
  dueSoon: AssetList,
  openTasks: ComplianceInspector.array(),
});
export type ComplianceOverview = z.infer<typeof ComplianceOverview>;
