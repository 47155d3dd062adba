import { deepmerge } from '@mui/utils';
import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { listCss } from './common/list/listCss';
import { reducedMotionOptions } from './motion';

/** react-admin's theme with the portal's palette (theme.ts is the login page's). */
export const adminTheme: RaThemeOptions = deepmerge(
  deepmerge(defaultTheme, {
    palette: {
      primary: { main: '#1565c0', dark: '#0d47a1', light: '#5e92f3' },
      // A teal dark enough for white initials and teal text on white (WCAG AA, 4.5:1).
      secondary: { main: '#00695c' },
      // MUI's default orange (#ed6c02) carries white text at 3.1:1: the "Due Shortly" chips and
      // the warning alerts use this darker orange (5.2:1).
      warning: { main: '#c2410c' },
      background: { default: '#f4f6fa', paper: '#ffffff' },
      text: { primary: '#1f2937', secondary: '#5b6472' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    sidebar: { width: 248, closedWidth: 56 },
    components: {
      // The row actions and cell chips of every list (common/list/listCss.ts).
      MuiCssBaseline: { styleOverrides: (theme: Theme) => listCss(theme) },
      MuiButton: { defaultProps: { disableElevation: true } },
      // Every spinner and progress bar has an accessible name (axe: aria-progressbar-name); a
      // screen that says what is loading passes its own label.
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
      MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
      // Compact outlined inputs in forms and filter bars.
      MuiTextField: { defaultProps: { variant: 'outlined', size: 'small', margin: 'dense' } },
      MuiFormControl: { defaultProps: { variant: 'outlined', size: 'small', margin: 'dense' } },
      MuiAutocomplete: { defaultProps: { size: 'small' } },
      MuiAppBar: { styleOverrides: { colorPrimary: { background: 'linear-gradient(90deg, #0d47a1 0%, #1565c0 100%)' } } },
      MuiTableCell: {
        styleOverrides: {
          head: { fontWeight: 600, color: '#374151', whiteSpace: 'nowrap', backgroundColor: '#f8fafc' },
          sizeSmall: { paddingTop: 6, paddingBottom: 6 },
        },
      },
    },
  } satisfies RaThemeOptions),
  reducedMotionOptions,
);
