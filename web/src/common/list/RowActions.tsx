import MoreVert from '@mui/icons-material/MoreVert';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactElement, useState } from 'react';
import { SHELL } from '@portal/contracts';
import type { CellColor } from './listCss';
import { RowAction, rowActionClass } from './RowAction';

/** One action of a row, offered only when the row's `can` flags (from the server) allow it. */
export interface RowActionSpec {
  /** 'edit', 'delete', 'suspend'...: the test id is `row-<key>`. */
  key: string;
  label: string;
  icon: ReactElement;
  color?: CellColor;
  onClick(): void;
}

/** Up to this many actions show as icons; more keep the first and put the rest in a menu. */
export const MAX_ICONS = 2;

/** The Action cell: icons, or the first icon and a "more" menu, so every row keeps one height. */
export function RowActions({ actions, menuOnly = false }: { actions: RowActionSpec[]; menuOnly?: boolean }) {
  if (actions.length === 0) return null;
  const icons = menuOnly ? [] : actions.length <= MAX_ICONS ? actions : actions.slice(0, 1);
  const rest = actions.slice(icons.length);
  return (
    <span style={{ display: 'inline-flex', gap: 2, whiteSpace: 'nowrap', verticalAlign: 'middle' }}>
      {icons.map((a) => (
        <RowAction key={a.key} label={a.label} icon={a.icon} color={a.color} onClick={a.onClick} testId={`row-${a.key}`} />
      ))}
      {rest.length > 0 && <MoreMenu actions={rest} />}
    </span>
  );
}

function MoreMenu({ actions }: { actions: RowActionSpec[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        type="button"
        className={rowActionClass()}
        aria-label={SHELL.moreActions}
        title={SHELL.moreActions}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        data-testid="row-more"
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVert fontSize="small" />
      </button>
      {anchor && (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)} onClick={(event) => event.stopPropagation()} data-testid="row-menu">
          {actions.map((a) => (
            <MenuItem
              key={a.key}
              data-testid={`row-${a.key}`}
              onClick={() => {
                setAnchor(null);
                a.onClick();
              }}
            >
              <ListItemIcon sx={{ color: a.color && a.color !== 'default' ? `${a.color}.main` : undefined }}>{a.icon}</ListItemIcon>
              <ListItemText>{a.label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
