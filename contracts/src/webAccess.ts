import { can } from './permissions';
import { normalizeRole, type Role } from './roles';

/**
 * Web-access configuration (named configuration `webUIAccessConfiguration`) and the home
 * dashboard configuration: both use view rules of roles, offices and divisions.
 * Offices and divisions in a rule may be given by id or by name/code (case-insensitive).
 */
export type RuleRef = number | string;

export interface WebAccessRule {
  roles?: string[];
  isEnabled?: boolean;
  office?: RuleRef[];
  division?: RuleRef[];
}

export interface WebAccessEntry {
  name?: string;
  viewRules?: WebAccessRule | WebAccessRule[];
}

export const WEB_ACCESS_KEYS = ['ASSET', 'LOOSEGEAR', 'ASSESSMENT', 'ASSET-DESCRIPTION', 'ASSET-ATTRIBUTES'] as const;
export type WebAccessKey = (typeof WEB_ACCESS_KEYS)[number];
export type WebAccess = Partial<Record<WebAccessKey, WebAccessEntry>>;

/** What a rule is checked against: the signed-in user's role, offices and divisions. */
export interface RuleSubject {
  role: Role;
  primaryOffice?: { id: number; name?: string; code?: string | null } | null;
  offices: { id: number; name?: string; code?: string | null }[];
  divisions: { id: number; name?: string; code?: string | null }[];
}

type Named = { id: number; name?: string; code?: string | null };

function refMatches(ref: RuleRef, item: Named): boolean {
  if (typeof ref === 'number') return ref === item.id;
  const text = String(ref).trim().toLowerCase();
  if (/^\d+$/.test(text)) return Number(text) === item.id;
  return text === (item.name ?? '').toLowerCase() || text === (item.code ?? '').toLowerCase();
}

function listed(refs: RuleRef[] | undefined, items: Named[]): boolean {
  return (refs ?? []).some((ref) => items.some((item) => refMatches(ref, item)));
}

export function rulesOf(entry: WebAccessEntry | undefined): WebAccessRule[] {
  if (!entry?.viewRules) return [];
  return Array.isArray(entry.viewRules) ? entry.viewRules : [entry.viewRules];
}

/**
 * A web-access rule matches when it lists the user's role, is enabled, and (when it lists
 * offices) includes the user's primary office, and (when it lists divisions) shares at least
 * one division with the user (shell document section 2, "Asset view").
 */
export function webAccessRuleMatches(rule: WebAccessRule, subject: RuleSubject): boolean {
  if (rule.isEnabled === false) return false;
  // Rules may name a role by an alias (CLIENT_USER, CUSTOMER-USER...): compare the roles they stand for.
  const roles = (rule.roles ?? []).map((r) => normalizeRole(r) ?? r.toUpperCase());
  if (!roles.includes(subject.role)) return false;
  if (rule.office && rule.office.length > 0) {
    if (!subject.primaryOffice || !listed(rule.office, [subject.primaryOffice])) return false;
  }
  if (rule.division && rule.division.length > 0) {
    if (!listed(rule.division, subject.divisions)) return false;
  }
  return true;
}

export function webAccessAllows(access: WebAccess | null | undefined, key: WebAccessKey, subject: RuleSubject): boolean {
  return rulesOf(access?.[key]).some((rule) => webAccessRuleMatches(rule, subject));
}

/** Asset view: always for LO-ADMIN; for others a matching ASSET web-access rule. */
export function assetViewEnabled(access: WebAccess | null | undefined, subject: RuleSubject): boolean {
  if (can(subject.role, 'assets.viewAlways')) return true;
  return webAccessAllows(access, 'ASSET', subject);
}

/** A label override from the web-access configuration (Assets, Loose Gear, Assessment). */
export function webAccessLabel(access: WebAccess | null | undefined, key: WebAccessKey, fallback: string): string {
  const name = access?.[key]?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : fallback;
}

/** Home dashboard tab (configuration entry of objectType ConfigData). */
export interface DashboardTabRule {
  roles?: string[];
  division?: RuleRef[];
  office?: RuleRef[];
}

export interface DashboardTab {
  name: string;
  url: string;
  isEnabled?: boolean;
  viewRules?: DashboardTabRule | DashboardTabRule[];
}

/**
 * A tab shows when it is enabled and some view rule matches: the role is listed or 'ALL'
 * ('NONE' blocks the rule), the user's division is listed, and the office is among the user's
 * offices. An empty division or office list places no limit.
 */
export function dashboardRuleMatches(rule: DashboardTabRule, subject: RuleSubject): boolean {
  const roles = (rule.roles ?? []).map((r) => normalizeRole(r) ?? r.trim().toUpperCase());
  if (roles.includes('NONE')) return false;
  if (!roles.includes('ALL') && !roles.includes(subject.role)) return false;
  if (rule.division && rule.division.length > 0 && !listed(rule.division, subject.divisions)) return false;
  if (rule.office && rule.office.length > 0 && !listed(rule.office, subject.offices)) return false;
  return true;
}

export function dashboardTabVisible(tab: DashboardTab, subject: RuleSubject): boolean {
  if (tab.isEnabled === false) return false;
  const rules = !tab.viewRules ? [] : Array.isArray(tab.viewRules) ? tab.viewRules : [tab.viewRules];
  return rules.some((rule) => dashboardRuleMatches(rule, subject));
}
