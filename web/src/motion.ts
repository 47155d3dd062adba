import type { ThemeOptions } from '@mui/material/styles';

/**
 * Whoever asks their system for less motion (`prefers-reduced-motion: reduce`) gets none: MUI's
 * transitions take no time (dialogs, drawers, menus and collapses appear at once) and buttons
 * have no ripple. Read once when the app loads; both themes merge it last.
 */
export const prefersReducedMotion =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export const reducedMotionOptions: ThemeOptions = prefersReducedMotion
  ? {
      transitions: {
        create: () => 'none',
        getAutoHeightDuration: () => 0,
        duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
      },
      components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
    }
  : {};
