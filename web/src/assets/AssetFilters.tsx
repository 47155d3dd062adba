import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ASSET_PAGE, ASSET_RESULTS, ITEM_STATUSES, type ItemStatus } from '@portal/contracts';
import { DateField } from '../common/DateField';

/** What the dashboard's filter bar holds (tasks document 2.5). */
export interface AssetFilterState {
  companyId: number | null;
  siteIds: number[];
  insp: [string, string];
  due: [string, string];
  result: number | '';
  itemStatus: ItemStatus | '';
}

interface Option {
  id: number;
  name: string;
}

/** A date range with its Clear (tasks document 2.5: applied only when both ends are set). */
function DateRange({
  label,
  from,
  to,
  onChange,
  testId,
}: {
  label: string;
  from: string;
  to: string;
  onChange(from: string, to: string): void;
  testId: string;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: { xs: '100%', sm: 'auto' } }} data-testid={testId}>
      <DateField
        label={`${label} From`}
        value={from}
        max={to}
        onChange={(value) => onChange(value, to)}
        testId={`${testId}-from`}
        sx={{ width: { sm: 170 }, flex: { xs: '1 1 0', sm: 'none' }, minWidth: 0 }}
      />
      <DateField
        label={`${label} To`}
        value={to}
        min={from}
        onChange={(value) => onChange(from, value)}
        testId={`${testId}-to`}
        sx={{ width: { sm: 170 }, flex: { xs: '1 1 0', sm: 'none' }, minWidth: 0 }}
      />
      <Button size="small" onClick={() => onChange('', '')} disabled={!from && !to} data-testid={`${testId}-clear`}>
        {ASSET_PAGE.clear}
      </Button>
    </Box>
  );
}

/** The dashboard's filters: a client and its sites first, then the dates, the result and the item status. */
export function AssetFilters({
  value,
  onChange,
  clients,
  sites,
  clientLocked,
}: {
  value: AssetFilterState;
  onChange(next: AssetFilterState): void;
  clients: { options: Option[]; loading: boolean };
  sites: { options: Option[]; loading: boolean };
  /** A client company's own user: its client is chosen and stays. */
  clientLocked: boolean;
}) {
  const set = (patch: Partial<AssetFilterState>) => onChange({ ...value, ...patch });
  return (
    <>
      <Autocomplete
        size="small"
        sx={{ width: { xs: '100%', sm: 260 } }}
        options={clients.options}
        getOptionLabel={(o) => o.name}
        value={clients.options.find((c) => c.id === value.companyId) ?? null}
        onChange={(_, option) => set({ companyId: option?.id ?? null, siteIds: [] })}
        disabled={clientLocked}
        loading={clients.loading}
        renderInput={(params) => <TextField {...params} label={ASSET_PAGE.client} required data-testid="filter-client" />}
      />
      <Autocomplete
        multiple
        size="small"
        limitTags={2}
        sx={{ width: { xs: '100%', sm: 360 } }}
        options={sites.options}
        getOptionLabel={(o) => o.name}
        value={sites.options.filter((s) => value.siteIds.includes(s.id))}
        onChange={(_, options) => set({ siteIds: options.map((o) => o.id) })}
        disabled={!value.companyId}
        loading={sites.loading}
        disableCloseOnSelect
        renderInput={(params) => <TextField {...params} label={ASSET_PAGE.site} required data-testid="filter-sites" />}
      />
      <DateRange
        label={ASSET_PAGE.inspDate}
        from={value.insp[0]}
        to={value.insp[1]}
        onChange={(f, t) => set({ insp: [f, t] })}
        testId="insp-range"
      />
      <DateRange
        label={ASSET_PAGE.dueDate}
        from={value.due[0]}
        to={value.due[1]}
        onChange={(f, t) => set({ due: [f, t] })}
        testId="due-range"
      />
      <TextField
        select
        size="small"
        label={ASSET_PAGE.result}
        value={value.result}
        onChange={(e) => set({ result: e.target.value === '' ? '' : Number(e.target.value) })}
        sx={{ width: { xs: 'calc(50% - 8px)', sm: 140 } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-result' } as object } }}
      >
        <MenuItem value="">{ASSET_PAGE.all}</MenuItem>
        {ASSET_RESULTS.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={ASSET_PAGE.status}
        value={value.itemStatus}
        onChange={(e) => set({ itemStatus: e.target.value as ItemStatus | '' })}
        sx={{ width: { xs: 'calc(50% - 8px)', sm: 160 } }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-status' } as object } }}
      >
        <MenuItem value="">{ASSET_PAGE.all}</MenuItem>
        {ITEM_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
