import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { DateField } from './DateField';

interface Option {
  id: number;
  name: string;
}

/**
 * The client and its sites at the head of a dashboard's filters (assets, assessments): the
 * client is mandatory (a client company's own user has theirs chosen and kept), the sites
 * several, offered once a client is chosen; choosing another client clears the sites.
 */
export function ClientSiteFilters({
  clientId,
  siteIds,
  onChange,
  clients,
  sites,
  clientLocked,
  labels,
  testIds,
  sitesWidth,
  allSites,
}: {
  clientId: number | null;
  siteIds: number[];
  onChange(next: { clientId: number | null; siteIds: number[] }): void;
  clients: { options: Option[]; loading: boolean };
  sites: { options: Option[]; loading: boolean };
  /** A client company's own user: its client is chosen and stays. */
  clientLocked: boolean;
  labels: { client: string; site: string };
  testIds: { client: string; sites: string };
  sitesWidth: number;
  /** When set, no site means every site: the text stands in the empty field. Otherwise a site is required. */
  allSites?: string;
}) {
  return (
    <>
      <Autocomplete
        size="small"
        sx={{ width: { xs: '100%', sm: 260 } }}
        options={clients.options}
        getOptionLabel={(o) => o.name}
        value={clients.options.find((c) => c.id === clientId) ?? null}
        onChange={(_, option) => onChange({ clientId: option?.id ?? null, siteIds: [] })}
        disabled={clientLocked}
        loading={clients.loading}
        renderInput={(params) => <TextField {...params} label={labels.client} required data-testid={testIds.client} />}
      />
      <Autocomplete
        multiple
        size="small"
        limitTags={2}
        sx={{ width: { xs: '100%', sm: sitesWidth } }}
        options={sites.options}
        getOptionLabel={(o) => o.name}
        value={sites.options.filter((s) => siteIds.includes(s.id))}
        onChange={(_, options) => onChange({ clientId, siteIds: options.map((o) => o.id) })}
        disabled={!clientId}
        loading={sites.loading}
        disableCloseOnSelect
        renderInput={(params) =>
          allSites === undefined ? (
            <TextField {...params} label={labels.site} required data-testid={testIds.sites} />
          ) : (
            <TextField
              {...params}
              label={labels.site}
              placeholder={siteIds.length === 0 ? allSites : undefined}
              slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
              data-testid={testIds.sites}
            />
          )
        }
      />
    </>
  );
}

/** A date range with its Clear: From never after To (the dashboards apply it once both ends are set). */
export function DateRangeFilter({
  fromLabel,
  toLabel,
  clearLabel,
  value,
  onChange,
  testId,
  width,
}: {
  fromLabel: string;
  toLabel: string;
  clearLabel: string;
  value: [string, string];
  onChange(value: [string, string]): void;
  testId: string;
  /** Each date field's width from the tablet up (on a phone the two share the line). */
  width: number;
}) {
  const [from, to] = value;
  const sx = { width: { sm: width }, flex: { xs: '1 1 0', sm: 'none' }, minWidth: 0 };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: { xs: '100%', sm: 'auto' } }} data-testid={testId}>
      <DateField label={fromLabel} value={from} max={to} onChange={(v) => onChange([v, to])} testId={`${testId}-from`} sx={sx} />
      <DateField label={toLabel} value={to} min={from} onChange={(v) => onChange([from, v])} testId={`${testId}-to`} sx={sx} />
      <Button size="small" onClick={() => onChange(['', ''])} disabled={!from && !to} data-testid={`${testId}-clear`}>
        {clearLabel}
      </Button>
    </Box>
  );
}
