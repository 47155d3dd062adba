import type { Crumb } from './PageHeader';

/** What every screen (a page of SCREENS in screens.ts) receives: its title and breadcrumb. */
export interface ScreenProps {
  title: string;
  crumbs: Crumb[];
}
