import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { COMPLIANCE_TEXT as T, type ComplianceOverview as Overview, isClientRole, routeAccess } from '@portal/contracts';
import { get } from '../api/http';
import { OptionPicker } from '../common/OptionPicker';
import { useClientOptions, useSiteOptions } from '../common/options';
import { useSession } from '../session/SessionContext';
import {
  groupsTable,
  inspectorsTable,
  monthLabel,
  monthsTable,
  STATUS_COLORS,
  STATUS_KEYS,
  STATUS_LABELS,
  statusTable,
} from './complianceTables';
import { AssetList, Kpi, Section } from './sections';

const PASS = '#2e7d32';
const FAIL = '#c62828';
const TASK_COLORS = { open: '#1565c0', ongoing: '#00897b', hold: '#f9a825' } as const;
const MAX_BARS = 10;

/**
 * The home dashboard's Compliance overview (issue 23, ours): the figures come counted from the
 * server (`GET /api/compliance/overview`); each chart has its numbers as a table beside it
 * (below it on a phone) and a CSV of that table. LO roles may narrow to a client and a site;
 * client roles see their company (SITE-USER and REQUESTER their sites).
 */
export default function ComplianceOverview() {
  const { user, role, navigation } = useSession();
  const clientRole = isClientRole(role);
  const [companyId, setCompanyId] = useState<number | null>(clientRole ? (user.companyId ?? null) : null);
  const [siteId, setSiteId] = useState<number | null>(null);
  const clients = useClientOptions(!clientRole);
  const sites = useSiteOptions(companyId);
  const assetLinks = useMemo(() => routeAccess('assets', navigation).allowed, [navigation]);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const result = useQuery({
    queryKey: ['compliance', companyId, siteId],
    queryFn: () =>
      get<Overview>('/compliance/overview', {
        query: { companyId: clientRole ? undefined : (companyId ?? undefined), siteId: siteId ?? undefined },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = result.data;

  return (
    <Box sx={{ p: { xs: 1.5, md: 2.5 }, display: 'grid', gap: 2, bgcolor: '#f5f7fa', minHeight: '100%' }} data-testid="compliance">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 2 }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {T.title}
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {T.subtitle}
            {data ? ` · ${data.today}` : ''}
          </Typography>
        </Box>
        {!clientRole && (
          <Box sx={{ width: { xs: '100%', sm: 240 } }}>
            <OptionPicker
              label={T.client}
              value={companyId}
              options={clients.options}
              onChange={(id) => {
                setCompanyId(id);
                setSiteId(null);
              }}
              emptyLabel={T.allClients}
              loading={clients.loading}
              size="small"
              testId="compliance-client"
            />
          </Box>
        )}
        <Box sx={{ width: { xs: '100%', sm: 220 } }}>
          <OptionPicker
            label={T.site}
            value={siteId}
            options={sites.options}
            onChange={(id) => setSiteId(typeof id === 'number' ? id : null)}
            emptyLabel={T.allSites}
            disabled={!companyId}
            loading={sites.loading}
            size="small"
            testId="compliance-site"
          />
        </Box>
        <Tooltip title="Reload">
          <IconButton aria-label="Reload the compliance overview" onClick={() => result.refetch()} data-testid="compliance-reload">
            {result.isFetching ? <CircularProgress size={20} /> : <Refresh />}
          </IconButton>
        </Tooltip>
      </Box>

      {result.isError && (
        <Alert severity="error" data-testid="compliance-error">
          {(result.error as Error).message || T.loadError}
        </Alert>
      )}
      {!data && !result.isError && <LoadingState />}
      {data && <Figures data={data} assetLinks={assetLinks} animate={!reducedMotion} />}
    </Box>
  );
}

function LoadingState() {
  return (
    <Box data-testid="compliance-loading" aria-busy="true" sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{T.loading}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' } }}>
        {['k1', 'k2', 'k3', 'k4', 'k5', 'k6'].map((key) => (
          <Skeleton key={key} variant="rounded" height={84} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={280} />
    </Box>
  );
}

function Figures({ data, assetLinks, animate }: { data: Overview; assetLinks: boolean; animate: boolean }) {
  const status = statusTable(data);
  const groups = groupsTable(data);
  const months = monthsTable(data);
  const inspectors = inspectorsTable(data);
  const openTotal = data.openTasks.reduce((sum, r) => sum + r.total, 0);
  const topGroups = data.groups.rows.slice(0, MAX_BARS);
  const topInspectors = data.openTasks.slice(0, MAX_BARS);
  const examined = data.examinations.reduce((sum, m) => sum + m.pass + m.fail, 0);
  const skipAnimation = !animate;

  return (
    <>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' } }}
        data-testid="compliance-kpis"
      >
        <Kpi label={T.assetsTotal} value={data.itemStatus.total} color="#1565c0" testId="kpi-total" />
        <Kpi label={STATUS_LABELS.valid} value={data.itemStatus.valid} color={STATUS_COLORS.valid} testId="kpi-valid" />
        <Kpi label={STATUS_LABELS.dueShortly} value={data.itemStatus.dueShortly} color={STATUS_COLORS.dueShortly} testId="kpi-dueShortly" />
        <Kpi label={STATUS_LABELS.expired} value={data.itemStatus.expired} color={STATUS_COLORS.expired} testId="kpi-expired" />
        <Kpi label={STATUS_LABELS.failed} value={data.itemStatus.failed} color={STATUS_COLORS.failed} testId="kpi-failed" />
        <Kpi label={T.openTasks} value={openTotal} color={TASK_COLORS.open} testId="kpi-open" />
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr' }}>
        <Section table={status} today={data.today} split="2fr 3fr" empty={data.itemStatus.total === 0 ? T.noAssets : null}>
          <PieChart
            series={[
              {
                data: status.rows
                  .filter((r) => r.assets > 0)
                  .map((r) => ({ id: r.key, value: r.assets, label: r.status, color: STATUS_COLORS[r.key] })),
                innerRadius: 55,
                outerRadius: 100,
                paddingAngle: 1,
                cornerRadius: 3,
              },
            ]}
            height={230}
            hideLegend
            skipAnimation={skipAnimation}
          />
        </Section>

        <Section
          table={months}
          today={data.today}
          split="3fr 2fr"
          hint={T.examinationsHint}
          empty={examined === 0 ? T.noExaminations : null}
        >
          <BarChart
            dataset={data.examinations.map((m) => ({ ...m, label: monthLabel(m.month) }))}
            xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
            yAxis={[{ tickMinStep: 1 }]}
            series={[
              { dataKey: 'pass', label: T.pass, color: PASS },
              { dataKey: 'fail', label: T.fail, color: FAIL },
            ]}
            height={250}
            skipAnimation={skipAnimation}
          />
        </Section>
      </Box>

      <Section
        table={groups}
        today={data.today}
        split="2fr 3fr"
        note={data.groups.total > data.groups.rows.length ? T.showing(data.groups.rows.length, data.groups.total) : null}
        empty={data.groups.total === 0 ? T.noAssets : null}
      >
        <BarChart
          layout="horizontal"
          dataset={topGroups.map((g) => ({ ...g, label: `${g.site} (${g.company})` }))}
          yAxis={[{ scaleType: 'band', dataKey: 'label', width: 150 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={STATUS_KEYS.map((key) => ({ dataKey: key, label: STATUS_LABELS[key], color: STATUS_COLORS[key], stack: 'status' }))}
          height={Math.max(180, 48 + topGroups.length * 34)}
          skipAnimation={skipAnimation}
        />
      </Section>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr' }}>
        <AssetList kind="overdue" data={data} links={assetLinks} />
        <AssetList kind="due-soon" data={data} links={assetLinks} />
      </Box>

      <Section table={inspectors} today={data.today} hint={T.openTasksHint} empty={data.openTasks.length === 0 ? T.noOpenTasks : null}>
        <BarChart
          layout="horizontal"
          dataset={topInspectors.map((r) => ({ ...r }))}
          yAxis={[{ scaleType: 'band', dataKey: 'inspector', width: 130 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[
            { dataKey: 'open', label: T.open, color: TASK_COLORS.open, stack: 'tasks' },
            { dataKey: 'ongoing', label: T.ongoing, color: TASK_COLORS.ongoing, stack: 'tasks' },
            { dataKey: 'hold', label: T.hold, color: TASK_COLORS.hold, stack: 'tasks' },
          ]}
          height={Math.max(180, 48 + topInspectors.length * 34)}
          skipAnimation={skipAnimation}
        />
      </Section>
    </>
  );
}
