import IconButton from '@mui/material/IconButton';
import type { ReactElement } from 'react';

/**
 * An icon button in a table's Action column, named by its label (aria-label and the native
 * tooltip). Deliberately no MUI Tooltip: a list of 2,000 rows with five actions each would
 * mount 10,000 of them, and sorting or Load More would re-render them all.
 */
export function RowAction({
  label,
  icon,
  onClick,
  testId,
  color,
}: {
  label: string;
  icon: ReactElement;
  onClick(): void;
  testId?: string;
  color?: 'default' | 'primary' | 'error' | 'success' | 'warning';
}) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      color={color ?? 'default'}
      data-testid={testId}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </IconButton>
  );
}
