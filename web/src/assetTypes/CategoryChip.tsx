import Chip from '@mui/material/Chip';
import type { AssetCategory } from '@portal/contracts';

/** One colour per category, each dark enough for small text on white (WCAG AA, 4.5:1). */
const COLOR: Record<AssetCategory, string> = {
  MACHINERY: '#1565c0',
  'BTH&PPE': '#2e7d32',
  TRAINEE: '#6a1b9a',
  LLG: '#a84300',
};

/** An asset type's category as a small outlined chip. */
export function CategoryChip({ category }: { category: AssetCategory | null }) {
  if (!category) return null;
  const color = COLOR[category];
  return <Chip label={category} size="small" variant="outlined" sx={{ height: 22, fontWeight: 500, color, borderColor: color }} />;
}
