import { createTheme } from '@mui/material/styles';
import { reducedMotionOptions } from './motion';

/** One theme for the login page and the signed-in shell. */
export const theme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: { main: '#1565c0', dark: '#0d47a1', light: '#5e92f3' },
      secondary: { main: '#00897b' },
      background: { default: '#f4f6fa', paper: '#ffffff' },
      text: { primary: '#1f2937', secondary: '#5b6472' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: 'Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      h5: { fontWeight: 600 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
      MuiLinearProgress: { defaultProps: { 'aria-label': 'Loading' } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 10 } } },
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: '#374151', whiteSpace: 'nowrap' } } },
    },
  },
  reducedMotionOptions,
);
