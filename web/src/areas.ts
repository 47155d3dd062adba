import type { ComponentType } from 'react';
import type { RouteKey } from '@portal/contracts/navigation';
import type { ScreenProps } from './common/screen';

export type ScreenModule = { default: ComponentType<ScreenProps> };

/**
 * An area made with `npm run new:area` declares its screen in its own folder's `area.ts`:
 * the route key (contracts/src/<area>/area.ts) and the page module, loaded on demand. Its menu
 * icon is in `icon.tsx` beside it (layout/icons.tsx finds it). No web file lists the area.
 */
export interface WebArea {
  route: RouteKey;
  screen: () => Promise<ScreenModule>;
}

/** Found by file name at build time (Vite's import.meta.glob): light modules, no React. */
const found = import.meta.glob<WebArea>('./*/area.ts', { eager: true, import: 'area' });

export const AREA_SCREENS: Partial<Record<RouteKey, () => Promise<ScreenModule>>> = Object.fromEntries(
  Object.values(found).map((area) => [area.route, area.screen]),
);
