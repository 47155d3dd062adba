import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CURRENCIES, can } from '@portal/contracts';
import { useSession } from '../session/SessionContext';
import { type Choice, grid, Pick, Text } from './fields';
import type { JobFormState } from './jobForm';
import { useSalesPersons } from './pickers';
import { JOB_TEXT } from './texts';

/** Step 1, Tracking Details: office (the user's own), number, sales person, price, currency, PO and quotation numbers. */
export function TrackingStep({
  form,
  set,
  offices,
  locked,
}: {
  form: JobFormState;
  set(patch: Partial<JobFormState>): void;
  offices: Choice[];
  locked: boolean;
}) {
  const { role } = useSession();
  const sales = useSalesPersons();
  const existing = Boolean(form.id);
  const priceBad = form.price !== '' && !(Number(form.price) >= 1);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Pick
        label="Lo Office for Job"
        required
        value={form.officeId}
        choices={offices}
        // Changing the office clears the inspectors (shell document 4 "Cascades").
        onChange={(officeId) => set({ officeId, mainInspectorId: null, inspectorIds: [] })}
        disabled={locked || existing}
        testId="job-office"
      />
      <TextField
        size="small"
        label="Job Number"
        value={existing ? form.jobNumber : ''}
        placeholder={JOB_TEXT.autoNumber}
        helperText={existing ? undefined : JOB_TEXT.autoNumber}
        disabled
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'job-number' }, inputLabel: { shrink: true } }}
      />
      <Pick
        label="Sales Person"
        value={form.salesPerson}
        choices={sales.data ?? []}
        onChange={(salesPerson) => set({ salesPerson })}
        disabled={locked}
        loading={sales.isLoading}
        testId="job-sales-person"
      />
      <Box sx={grid}>
        <Text
          label="Price"
          type="number"
          value={form.price}
          onChange={(price) => set({ price })}
          disabled={locked}
          testId="job-price"
          error={priceBad}
          helperText={priceBad ? 'Price must be at least 1' : undefined}
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <TextField
          select
          size="small"
          label="Currency"
          value={form.currency}
          onChange={(e) => set({ currency: e.target.value })}
          disabled={locked}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'job-currency' } }}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {CURRENCIES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <Text
          label="PO Number"
          value={form.poNumber}
          onChange={(poNumber) => set({ poNumber })}
          // FIELD-ENGG alone edits the PO Number of an existing job.
          disabled={locked || (existing && !can(role, 'jobs.editInspectors'))}
          testId="job-po-number"
        />
        <Text
          label="Quotation Number"
          value={form.quotationNumber}
          onChange={(quotationNumber) => set({ quotationNumber })}
          disabled={locked || existing}
          testId="job-quotation-number"
        />
      </Box>
    </Box>
  );
}
