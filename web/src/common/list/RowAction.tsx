import type { ReactElement } from 'react';
import type { CellColor } from './listCss';

/**
 * An icon button in a table's Action column, named by its label (aria-label and the native
 * tooltip). A plain button with the look of MUI's small IconButton (the `row-action` class of
 * listCss.ts), not an IconButton: a list renders one or two per row, and each IconButton is a
 * few styled components with a dozen hooks. Deliberately no MUI Tooltip either: a list of 2,000
 * rows with five actions each would mount 10,000 of them.
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
  color?: CellColor;
}) {
  return (
    <button
      type="button"
      className={rowActionClass(color)}
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={(event) => {
        event.stopPropagation();
        onClick();
      }}
    >
      {icon}
    </button>
  );
}

export function rowActionClass(color?: CellColor): string {
  return color && color !== 'default' ? `row-action row-action-${color}` : 'row-action';
}
