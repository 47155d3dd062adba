import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { COMPLIANCE_TAB_URL, SHELL } from '@portal/contracts';
import { get } from '../api/http';

/** In-app views a tab may name instead of a page to frame (`app:<view>`, docs/decisions.md). */
const ComplianceOverview = lazy(() => import('../compliance/ComplianceOverview'));

interface DashboardTab {
  name: string;
  url: string;
}

/**
 * Home: the namespace's dashboard tabs as frames (shell document 2, "Home dashboard").
 * The server answers only the tabs whose view rules match the user. A load failure ends
 * loading silently (administration document 8). A tab whose url is `app:compliance` is the
 * Compliance overview (issue 23), rendered here rather than framed; its module (and the
 * charts) load only when that tab is chosen.
 */
export function HomeDashboard() {
  const [tabs, setTabs] = useState<DashboardTab[] | null>(null);
  const [current, setCurrent] = useState(0);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let active = true;
    get<DashboardTab[]>('/Setting', { query: { objectType: 'ConfigData', tenantId: 2 } })
      .then((list) => active && setTabs(list.filter((t) => t.url)))
      .catch(() => active && setTabs([]));
    return () => {
      active = false;
    };
  }, []);

  if (tabs === null) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', height: '60vh' }}>
        <Title title="Home" />
        <Box sx={{ textAlign: 'center' }}>
          <CircularProgress />
          <Typography sx={{ mt: 2 }} color="text.secondary" data-testid="dashboard-loading">
            {SHELL.loadingDashboard}
          </Typography>
        </Box>
      </Box>
    );
  }
  if (tabs.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }}>
        <Title title="Home" />
        <Typography color="text.secondary" data-testid="dashboard-empty">
          {SHELL.noTabs}
        </Typography>
      </Paper>
    );
  }
  const tab = tabs[Math.min(current, tabs.length - 1)];
  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 96px)', overflow: 'hidden' }}>
      <Title title="Home" />
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', pr: 1 }}>
        <Tabs
          value={Math.min(current, tabs.length - 1)}
          onChange={(_, value: number) => setCurrent(value)}
          variant="scrollable"
          sx={{ flex: 1 }}
        >
          {tabs.map((t) => (
            <Tab
              key={`${t.name}-${t.url}`}
              label={t.name}
              title="Double-click to open in a new window"
              data-testid="dashboard-tab"
              onDoubleClick={() => t.url !== COMPLIANCE_TAB_URL && window.open(t.url, '_blank', 'noopener')}
            />
          ))}
        </Tabs>
        <Tooltip title="Reload">
          <IconButton aria-label="Reload dashboard" onClick={() => setReloads((n) => n + 1)} data-testid="dashboard-reload">
            <Refresh />
          </IconButton>
        </Tooltip>
      </Box>
      {tab.url === COMPLIANCE_TAB_URL ? (
        <Box key={`${tab.url}-${reloads}`} sx={{ flex: 1, overflow: 'auto' }} data-testid="dashboard-view">
          <Suspense
            fallback={
              <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
                <CircularProgress aria-label={SHELL.loadingDashboard} />
              </Box>
            }
          >
            <ComplianceOverview />
          </Suspense>
        </Box>
      ) : (
        <Box
          component="iframe"
          key={`${tab.url}-${reloads}`}
          src={tab.url}
          title={tab.name}
          data-testid="dashboard-frame"
          sx={{ flex: 1, border: 0, width: '100%', bgcolor: '#f5f7fa' }}
        />
      )}
    </Paper>
  );
}
