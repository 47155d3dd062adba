import ArrowDownward from '@mui/icons-material/ArrowDownward';
import type { ReactNode } from 'react';
import { DataTableClasses, useDataTableCallbacksContext, useDataTableSortContext } from 'react-admin';
import { useTableColumns } from './VirtualBody';

/**
 * The header row of ListScreen's table (`<DataTable head={PlainHead}>`): plain `th` cells
 * styled once by the table, each with a sort button (the `list-sort` class of listCss.ts, the
 * look of MUI's TableSortLabel). It stands in for react-admin's DataTableHead, whose cells are
 * MUI TableCells each wrapping its sort label in a Tooltip: every Tooltip sets state as it
 * mounts, which re-rendered the header and ran the page's pending effects before the browser
 * could paint a list that had just opened. The sort hint is the button's name and title.
 */
export function PlainHead({ children }: { children?: ReactNode }) {
  const columns = useTableColumns(children);
  const sort = useDataTableSortContext();
  const { handleSort } = useDataTableCallbacksContext();
  return (
    <thead className={`MuiTableHead-root ${DataTableClasses.thead}`}>
      <tr className={`${DataTableClasses.row} ${DataTableClasses.headerRow}`}>
        {columns.map((column) => {
          const active = sort?.field === column.source;
          const direction = active && sort?.order === 'DESC' ? 'desc' : 'asc';
          const next = active ? (sort?.order === 'ASC' ? 'descending' : 'ascending') : 'ascending';
          const hint = `Sort by ${column.label.charAt(0).toLowerCase()}${column.label.slice(1)} ${next}`;
          return (
            <th
              key={column.source || column.label}
              scope="col"
              className={`${DataTableClasses.headerCell} column-${column.source}`}
              style={column.headStyle}
              aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
            >
              {column.sortable && handleSort ? (
                <button
                  type="button"
                  className={`list-sort list-sort-${direction}${active ? ' list-sort-active' : ''}`}
                  data-field={column.source}
                  data-order="ASC"
                  aria-label={hint}
                  title={hint}
                  onClick={handleSort}
                >
                  <span>{column.label}</span>
                  <ArrowDownward className="list-sort-icon" />
                </button>
              ) : (
                column.label
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
