import { ASSESSMENT_COLUMNS, ASSESSMENT_STATUSES, ASSESSMENT_TEXT, type AssessmentStatus } from '@portal/contracts';
import { ClientSiteFilters, DateRangeFilter } from '../common/ClientSiteFilters';
import { SelectFilter } from '../common/list';
import type { AssessmentFilterState } from './filters';

interface Option {
  id: number;
  name: string;
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
      <ClientSiteFilters
        clientId={value.clientId}
        siteIds={value.siteIds}
        onChange={({ clientId, siteIds }) => set({ clientId, siteIds })}
        clients={clients}
        sites={sites}
        clientLocked={clientLocked}
        labels={{ client: ASSESSMENT_TEXT.client, site: ASSESSMENT_TEXT.site }}
        testIds={{ client: 'assessment-client', sites: 'assessment-sites' }}
        sitesWidth={340}
        allSites={ASSESSMENT_TEXT.allSites}
      />
      {value.clientId && (
        <>
          <DateRangeFilter
            fromLabel={ASSESSMENT_TEXT.issueDateFrom}
            toLabel={ASSESSMENT_TEXT.issueDateTo}
            clearLabel={ASSESSMENT_TEXT.clear}
            value={value.issue}
            onChange={(issue) => set({ issue })}
            testId="issue-range"
            width={165}
          />
          <DateRangeFilter
            fromLabel={ASSESSMENT_TEXT.expiryDateFrom}
            toLabel={ASSESSMENT_TEXT.expiryDateTo}
            clearLabel={ASSESSMENT_TEXT.clear}
            value={value.expiry}
            onChange={(expiry) => set({ expiry })}
            testId="expiry-range"
            width={165}
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
