import type { TaskTabs } from '@portal/contracts';

export type TabKey = keyof TaskTabs;
/** The tabs of task details in the spec's order (tasks document 2.2). */
export const TAB_ORDER: TabKey[] = [
  'preview',
  'jobDetails',
  'assetDetails',
  'fieldReport',
  'inspect',
  'attachAsset',
  'fullChecklistReport',
];

/** The tab to show: the one in the address if enabled, else the first enabled one. */
export function tabToShow(requested: string | null, tabs: TaskTabs): TabKey | null {
  if (requested && (TAB_ORDER as string[]).includes(requested) && tabs[requested as TabKey]) return requested as TabKey;
  return TAB_ORDER.find((key) => tabs[key]) ?? null;
}
