import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SHELL } from '@portal/contracts';
import { type Crumb, PageHeader } from './PageHeader';

/** A route whose screen a later release builds: its breadcrumb title only. */
export function Placeholder({ title, crumbs }: { title: string; crumbs: Crumb[] }) {
  return (
    <>
      <PageHeader crumbs={crumbs} title={title} />
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{SHELL.comingSoon}</Typography>
      </Paper>
    </>
  );
}
