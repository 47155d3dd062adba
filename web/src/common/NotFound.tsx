import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { SHELL } from '@portal/contracts';

/** An address no route knows (react-admin's catchAll): our own page inside the shell. */
export function NotFound() {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', mt: 2 }} data-testid="not-found">
      <SearchOff color="disabled" sx={{ fontSize: 48 }} />
      <Typography component="h1" variant="h5" sx={{ mt: 1 }}>
        {SHELL.pageNotFound}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {SHELL.pageNotFoundText}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {SHELL.backHome}
      </Button>
    </Paper>
  );
}
