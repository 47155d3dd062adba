import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { ASSESSMENT_COLUMNS, ASSESSMENT_STATUSES, ASSESSMENT_TEXT, type AssessmentStatus } from '@portal/contracts';
import { DateField } from '../common/DateField';
import { SelectFilter } from '../common/list';
import type { AssessmentFilterState } from './filters';

interface Option {
  id: number;
  name: string;
}

/** A date range with its Clear (2.8; applied only when both ends are set, a From never after its To). */
function DateRange(props: {
  fromLabel: string;
  toLabel: string;
  value: [string, string];
  onChange(value: [string, string]): void;
  testId: string;
}) {
  const [from, to] = props.value;
  const width = { width: { sm: 165 }, flex: { xs: '1 1 0', sm: 'none' }, minWidth: 0 };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', width: { xs: '100%', sm: 'auto' } }} data-testid={props.testId}>
      <DateField
        label={props.fromLabel}
        value={from}
        max={to}
        onChange={(v) => props.onChange([v, to])}
        testId={`${props.testId}-from`}
        sx={width}
      />
      <DateField
        label={props.toLabel}
        value={to}
        min={from}
        onChange={(v) => props.onChange([from, v])}
        testId={`${props.testId}-to`}
        sx={width}
      />
      <Button size="small" onClick={() => props.onChange(['', ''])} disabled={!from && !to} data-testid={`${props.testId}-clear`}>
        {ASSESSMENT_TEXT.clear}
      </Button>
    </Box>
  );
}

/**
 * The dashboard's filters (2.8): Client (mandatory; a client user's company chosen and kept),
 * Site (several; none = every site), Issue Date and Expiry Date ranges with Clear, Last Result
 * and Current Status. The text filters are the grid's own, under its headers.
 */
export function AssessmentFilters({
  value,
  onChange,
  clients,
  sites,
  clientLocked,
}: {
  value: AssessmentFilterState;
  onChange(next: AssessmentFilterState): void;
  clients: { options: Option[]; loading: boolean };
  sites: { options: Option[]; loading: boolean };
  clientLocked: boolean;
}) {
  const set = (patch: Partial<AssessmentFilterState>) => onChange({ ...value, ...patch });
  return (
    <>
      <Autocomplete
        size="small"
        sx={{ width: { xs: '100%', sm: 260 } }}
        options={clients.options}
        getOptionLabel={(o) => o.name}
        value={clients.options.find((c) => c.id === value.clientId) ?? null}
        onChange={(_, option) => set({ clientId: option?.id ?? null, siteIds: [] })}
        disabled={clientLocked}
        loading={clients.loading}
        renderInput={(params) => <TextField {...params} label={ASSESSMENT_TEXT.client} required data-testid="assessment-client" />}
      />
      <Autocomplete
        multiple
        size="small"
        limitTags={2}
        sx={{ width: { xs: '100%', sm: 340 } }}
        options={sites.options}
        getOptionLabel={(o) => o.name}
        value={sites.options.filter((s) => value.siteIds.includes(s.id))}
        onChange={(_, options) => set({ siteIds: options.map((o) => o.id) })}
        disabled={!value.clientId}
        loading={sites.loading}
        disableCloseOnSelect
        renderInput={(params) => (
          <TextField
            {...params}
            label={ASSESSMENT_TEXT.site}
            placeholder={value.siteIds.length === 0 ? ASSESSMENT_TEXT.allSites : undefined}
            slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
            data-testid="assessment-sites"
          />
        )}
      />
      {value.clientId && (
        <>
          <DateRange
            fromLabel={ASSESSMENT_TEXT.issueDateFrom}
            toLabel={ASSESSMENT_TEXT.issueDateTo}
            value={value.issue}
            onChange={(issue) => set({ issue })}
            testId="issue-range"
          />
          <DateRange
            fromLabel={ASSESSMENT_TEXT.expiryDateFrom}
            toLabel={ASSESSMENT_TEXT.expiryDateTo}
            value={value.expiry}
            onChange={(expiry) => set({ expiry })}
            testId="expiry-range"
          />
          <SelectFilter
            label={ASSESSMENT_COLUMNS.result}
            emptyLabel={ASSESSMENT_COLUMNS.result}
            value={value.result}
            options={[
              { id: 1, name: ASSESSMENT_TEXT.accepted },
              { id: 2, name: ASSESSMENT_TEXT.rejected },
            ]}
            onChange={(result) => set({ result: result === '' ? '' : (Number(result) as 1 | 2) })}
            width={140}
          />
          <SelectFilter
            label={ASSESSMENT_COLUMNS.itemStatus}
            emptyLabel={ASSESSMENT_COLUMNS.itemStatus}
            value={value.itemStatus}
            options={ASSESSMENT_STATUSES.map((s) => ({ id: s, name: s }))}
            onChange={(itemStatus) => set({ itemStatus: itemStatus as AssessmentStatus | '' })}
            width={150}
          />
        </>
      )}
    </>
  );
}
