import InputBase from '@mui/material/InputBase';
import { createContext, useContext } from 'react';
import { INVENTORY_LABELS, type InventoryField, type InventoryRow } from '@portal/contracts';
import type { ListColumn } from '../common/list';

/** The row being edited: its typed values (as text) and which of them are not valid. */
export interface Draft {
  values: Record<InventoryField, string>;
  invalid: Partial<Record<InventoryField, string>>;
}

/** The draft travels by context, so typing re-renders the edited row's inputs, not the table. */
export const DraftContext = createContext<{ draft: Draft | null; set(field: InventoryField, value: string): void; submit(): void }>({
  draft: null,
  set: () => undefined,
  submit: () => undefined,
});

export const draftOf = (row: InventoryRow): Draft => ({
  values: {
    productCategory: row.productCategory,
    description: row.description ?? '',
    quantity: row.quantity === null ? '' : String(row.quantity),
    tonne: row.tonne === null ? '' : String(row.tonne),
    manufacturer: row.manufacturer ?? '',
    location: row.location ?? '',
    comments: row.comments ?? '',
  },
  invalid: {},
});

function EditCell({ field }: { field: InventoryField }) {
  const { draft, set, submit } = useContext(DraftContext);
  if (!draft) return null;
  const problem = draft.invalid[field];
  return (
    <InputBase
      value={draft.values[field]}
      onChange={(event) => set(field, event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') submit();
      }}
      error={Boolean(problem)}
      title={problem}
      inputProps={{
        'aria-label': INVENTORY_LABELS[field],
        'aria-invalid': Boolean(problem),
        inputMode: field === 'quantity' ? 'numeric' : field === 'tonne' ? 'decimal' : undefined,
        'data-testid': `edit-${field}`,
      }}
      sx={{
        width: '100%',
        fontSize: 14,
        px: 0.75,
        height: 30,
        border: 1,
        borderRadius: 1,
        borderColor: problem ? 'error.main' : 'divider',
        bgcolor: 'background.paper',
        '&.Mui-focused': { borderColor: problem ? 'error.main' : 'primary.main' },
      }}
    />
  );
}

const WIDTHS: Record<InventoryField, number> = {
  productCategory: 150,
  description: 220,
  quantity: 80,
  tonne: 80,
  manufacturer: 130,
  location: 130,
  comments: 180,
};

const FIELDS = Object.keys(WIDTHS) as InventoryField[];
const CARD: Partial<Record<InventoryField, ListColumn<InventoryRow>['card']>> = {
  productCategory: 'title',
  description: 'subtitle',
};

/** The grid's columns: the row's fields (sortable on the loaded rows); the edited row's cells are inputs. */
export function inventoryColumns(editingId: number | null): ListColumn<InventoryRow>[] {
  return FIELDS.map((field) => ({
    source: field,
    label: INVENTORY_LABELS[field],
    width: WIDTHS[field],
    card: CARD[field] ?? 'field',
    text: (row: InventoryRow) => (row.id === editingId ? undefined : row[field]),
    render: (row: InventoryRow) => (row.id === editingId ? <EditCell field={field} /> : (row[field] ?? '')),
  }));
}
