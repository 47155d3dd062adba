import Box from '@mui/material/Box';
import { LLG_TEXT, LOOSE_GEAR_COLUMNS, LOOSE_GEAR_ITEM_STATUSES, type LooseGearItemStatus } from '@portal/contracts';
import { DateField } from '../common/DateField';
import { SearchBox, SelectFilter } from '../common/list';
import { OptionPicker } from '../common/OptionPicker';
import type { LooseGearFilterState } from './filters';

interface Option {
  id: number;
  name: string;
}

/** A day of a range: the shared date field, which refuses a day past the other end (2.7: from <= to). */
function DateInput(props: { label: string; value: string; min?: string; max?: string; onChange(value: string): void; testId: string }) {
  return <DateField {...props} sx={{ width: { xs: 'calc(50% - 8px)', sm: 185 } }} />;
}

/**
 * The register's filters (2.7): Client, then Site (disabled until a client is picked; a client
 * user's company is chosen and stays), the five text filters, the two date ranges, result and status.
 */
export function LooseGearFilters({
  value,
  onChange,
  clients,
  sites,
  clientLocked,
}: {
  value: LooseGearFilterState;
  onChange(next: LooseGearFilterState): void;
  clients: { options: Option[]; loading: boolean };
  sites: { options: Option[]; loading: boolean };
  clientLocked: boolean;
}) {
  const set = (patch: Partial<LooseGearFilterState>) => onChange({ ...value, ...patch });
  const chosen = Boolean(value.clientId && value.siteId);
  return (
    <>
      <Box sx={{ width: { xs: '100%', sm: 240 } }}>
        <OptionPicker
          label={LLG_TEXT.client}
          value={value.clientId}
          options={clients.options}
          onChange={(clientId) => set({ clientId, siteId: null })}
          required
          disabled={clientLocked}
          loading={clients.loading}
          emptyLabel={null}
          testId="llg-client"
        />
      </Box>
      <Box sx={{ width: { xs: '100%', sm: 220 } }}>
        <OptionPicker
          label={LLG_TEXT.site}
          value={value.siteId}
          options={sites.options}
          onChange={(siteId) => set({ siteId })}
          required
          disabled={!value.clientId}
          loading={sites.loading}
          emptyLabel={null}
          testId="llg-site"
        />
      </Box>
      {chosen && (
        <>
          <SearchBox label={LOOSE_GEAR_COLUMNS.item} value={value.taskType} onChange={(taskType) => set({ taskType })} width={150} />
          <SearchBox
            label={LOOSE_GEAR_COLUMNS.llgSerialNumber}
            value={value.llgSerialNumber}
            onChange={(llgSerialNumber) => set({ llgSerialNumber })}
            width={170}
          />
          <SearchBox
            label={LOOSE_GEAR_COLUMNS.specification}
            value={value.specification}
            onChange={(specification) => set({ specification })}
            width={170}
          />
          <SearchBox
            label="Certificate"
            value={value.certificateNumber}
            onChange={(certificateNumber) => set({ certificateNumber })}
            width={160}
          />
          <SearchBox
            label={LOOSE_GEAR_COLUMNS.acronymCode}
            value={value.acronymCode}
            onChange={(acronymCode) => set({ acronymCode })}
            width={130}
          />
          <DateInput
            label={LLG_TEXT.inspDateFrom}
            value={value.insp[0]}
            max={value.insp[1]}
            onChange={(from) => set({ insp: [from, value.insp[1]] })}
            testId="llg-insp-from"
          />
          <DateInput
            label={LLG_TEXT.inspDateTo}
            value={value.insp[1]}
            min={value.insp[0]}
            onChange={(to) => set({ insp: [value.insp[0], to] })}
            testId="llg-insp-to"
          />
          <DateInput
            label={LLG_TEXT.dueDateFrom}
            value={value.due[0]}
            max={value.due[1]}
            onChange={(from) => set({ due: [from, value.due[1]] })}
            testId="llg-due-from"
          />
          <DateInput
            label={LLG_TEXT.dueDateTo}
            value={value.due[1]}
            min={value.due[0]}
            onChange={(to) => set({ due: [value.due[0], to] })}
            testId="llg-due-to"
          />
          <SelectFilter
            label={LLG_TEXT.lastResult}
            emptyLabel={LLG_TEXT.lastResult}
            value={value.result}
            options={[
              { id: 1, name: LLG_TEXT.accepted },
              { id: 2, name: LLG_TEXT.rejected },
            ]}
            onChange={(result) => set({ result: result === '' ? '' : (Number(result) as 1 | 2) })}
            width={140}
          />
          <SelectFilter
            label={LLG_TEXT.status}
            emptyLabel={LLG_TEXT.anyStatus}
            value={value.itemStatus}
            options={LOOSE_GEAR_ITEM_STATUSES.map((s) => ({ id: s, name: s }))}
            onChange={(itemStatus) => set({ itemStatus: itemStatus as LooseGearItemStatus | '' })}
            width={140}
          />
        </>
      )}
    </>
  );
}
