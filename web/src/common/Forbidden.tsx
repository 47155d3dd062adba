import Block from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';

/** A route the signed-in role may not open (the server refuses its calls as well). */
export function Forbidden({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', mt: 2 }} data-testid="forbidden">
      <Block color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Your role does not give access to this page.
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Back to Home
      </Button>
    </Paper>
  );
}
