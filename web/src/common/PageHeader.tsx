import NavigateNext from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title } from 'react-admin';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb, page title and the page's buttons, the same on every screen. */
export function PageHeader({ crumbs, title, actions }: { crumbs: Crumb[]; title: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Title title={title} />
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Breadcrumbs separator={<NavigateNext fontSize="small" />} aria-label="breadcrumb" data-testid="breadcrumb">
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover" color="inherit" variant="body2">
                {crumb.label}
              </Link>
            ) : (
              <Typography key={crumb.label} variant="body2" color="text.secondary">
                {crumb.label}
              </Typography>
            ),
          )}
          <Typography variant="body2" color="text.primary" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </Breadcrumbs>
        <Typography component="h1" variant="h5" sx={{ mt: 0.5 }} data-testid="page-title">
          {title}
        </Typography>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>{actions}</Box>}
    </Box>
  );
}
