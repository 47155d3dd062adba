import { DASHBOARD_CONFIG_NAME, type DashboardTab, dashboardTabVisible } from '@portal/contracts';
import { loadUserContext } from '../auth';
import { readConfiguration } from '../configurations';
import type { RequestContext } from '../context';
import type { SettingType } from '../settings';

/**
 * Home dashboard tabs: the namespace's `dashboardConfiguration` ({ tabs: [...] }), filtered
 * by the view rules for the caller (shell document 2, "Home dashboard"). The answer is a
 * list of tabs, each also carrying the spec's `settingWithMetadata` string.
 */
export async function visibleTabs(ctx: RequestContext) {
  const [config, userContext] = await Promise.all([
    readConfiguration<{ tabs?: unknown }>(ctx.db, ctx.scope.namespaceId, DASHBOARD_CONFIG_NAME),
    loadUserContext(ctx.db, ctx.user),
  ]);
  const tabs = Array.isArray(config?.tabs) ? (config.tabs as DashboardTab[]) : [];
  return tabs
    .filter((tab) => tab && typeof tab.name === 'string' && typeof tab.url === 'string')
    .filter((tab) => dashboardTabVisible(tab, userContext.subject))
    .map((tab) => ({
      name: tab.name,
      url: tab.url,
      isEnabled: tab.isEnabled !== false,
      viewRules: tab.viewRules ?? [],
      settingWithMetadata: JSON.stringify(tab),
    }));
}

/** `GET /api/Setting?objectType=ConfigData`: the tabs (not a table of records). */
export const dashboardTabsSetting: SettingType = {
  objectType: 'ConfigData',
  list: { permission: 'dashboard.read', run: (ctx) => visibleTabs(ctx) },
};
