import Chip from '@mui/material/Chip';
import type { AssetCategory } from '@portal/contracts';

const COLOR: Record<AssetCategory, 'primary' | 'secondary' | 'success' | 'warning'> = {
  MACHINERY: 'primary',
  'BTH&PPE': 'success',
  TRAINEE: 'secondary',
  LLG: 'warning',
};

/** An asset type's category as a small outlined chip, one colour per category. */
export function CategoryChip({ category }: { category: AssetCategory | null }) {
  if (!category) return null;
  return <Chip label={category} size="small" variant="outlined" color={COLOR[category]} sx={{ height: 22, fontWeight: 500 }} />;
}
