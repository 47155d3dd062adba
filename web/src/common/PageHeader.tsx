import NavigateNext from '@mui/icons-material/NavigateNext';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Breadcrumb and the page's buttons, the same on every screen. The page title appears once:
 * as the breadcrumb's last step, which is the page's heading (not again in the app bar).
 */
export function PageHeader({ crumbs, title, actions }: { crumbs: Crumb[]; title: string; actions?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Breadcrumbs
          separator={<NavigateNext fontSize="small" />}
          aria-label="breadcrumb"
          data-testid="breadcrumb"
          sx={{ '& .MuiBreadcrumbs-ol': { alignItems: 'baseline' } }}
        >
          {crumbs.map((crumb) =>
            crumb.to ? (
              <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover" color="inherit" variant="body1">
                {crumb.label}
              </Link>
            ) : (
              <Typography key={crumb.label} variant="body1" color="text.secondary">
                {crumb.label}
              </Typography>
            ),
          )}
          <Typography
            component="h1"
            variant="h5"
            color="text.primary"
            sx={{ fontWeight: 600 }}
            data-testid="page-title"
            aria-current="page"
          >
            {title}
          </Typography>
        </Breadcrumbs>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>{actions}</Box>}
    </Box>
  );
}
