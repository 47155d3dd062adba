import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Shown while the session user and the company logo load at start-up. */
export function StartupSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box role="progressbar" aria-label={label} sx={{ height: '100vh', display: 'grid', placeItems: 'center' }}>
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress size={44} thickness={4} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {label}
        </Typography>
      </Box>
    </Box>
  );
}
