import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { styled, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, memo, type ReactElement, useCallback, useEffect } from 'react';
import { LinkBase, Menu, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { RouteKey } from '@portal/contracts';
import { loadScreen } from '../screens';
import { useNavigationGroups } from '../session/SessionContext';
import { ROUTE_ICONS } from './icons';

export const LINK_KEY = 'portal.link';

/** Side navigation by role (contracts/navigation.ts); the clicked link name is kept in session storage. */
export function SideNav() {
  const groups = useNavigationGroups();
  const [open, setOpen] = useSidebarState();
  const { pathname } = useLocation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  // Stable, so that a navigation re-renders only the two items whose state changes.
  const onNavigate = useCallback(
    (label: string) => {
      sessionStorage.setItem(LINK_KEY, label);
      if (phone) setOpen(false);
    },
    [phone, setOpen],
  );
  // Once the page is idle, load the screens the menu offers, so that a click renders at once.
  useEffect(() => {
    const keys = groups.flatMap((group) => group.items.filter((item) => !item.disabled).map((item) => item.key as RouteKey));
    const preload = () => {
      for (const key of keys) loadScreen(key)?.catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preload, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, [groups]);
  return (
    <Menu
      // Long names wrap onto a second line instead of being cut.
      sx={{
        pb: 4,
        '& .MuiMenuItem-root': { lineHeight: 1.3, minHeight: 40 },
        '& .MuiMenuItem-root .MuiTypography-noWrap': { whiteSpace: 'normal' },
      }}
      data-testid="side-nav"
    >
      <NavItem to="/" label="Home" icon={ROUTE_ICONS.home} active={pathname === '/'} open={open} onNavigate={onNavigate} />
      {groups.map((group) => (
        <Fragment key={group.key}>
          {open ? (
            <GroupHeader testId={`nav-group-${group.key}`} label={group.label} />
          ) : (
            <GroupDivider testId={`nav-group-${group.key}`} />
          )}
          {group.items.map((item) => (
            <NavItem
              key={item.key}
              to={item.path}
              label={item.label}
              icon={ROUTE_ICONS[item.key as RouteKey]}
              disabled={item.disabled}
              testId={`nav-${item.key}`}
              active={isActive(item.path, pathname)}
              open={open}
              onNavigate={onNavigate}
            />
          ))}
        </Fragment>
      ))}
    </Menu>
  );
}

/** A link is active on its own page and the pages below it (/resources/users/12). */
function isActive(to: string, pathname: string): boolean {
  return pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`);
}

/** react-admin's menu item look (RaMenuItemLink): secondary text, primary when active. */
const NavMenuItem = styled(MenuItem)(({ theme }) => ({
  color: theme.palette.text.secondary,
  '& .RaMenuItemLink-icon': { color: theme.palette.text.secondary, minWidth: theme.spacing(5) },
  '&.RaMenuItemLink-active': { color: theme.palette.text.primary },
})) as typeof MenuItem;

const DISABLED_SX = { opacity: 0.45, pointerEvents: 'none' } as const;

/**
 * One link of the side navigation. Memoised and told whether it is active, rather than
 * react-admin's Menu.Item, each of which reads the location itself: every navigation
 * re-rendered all twenty of them (each a MenuItem, an icon and a text) while a page was opening.
 */
const NavItem = memo(function NavItem({
  to,
  label,
  icon,
  active,
  open,
  disabled,
  testId,
  onNavigate,
}: {
  to: string;
  label: string;
  icon: ReactElement | undefined;
  active: boolean;
  open: boolean;
  disabled?: boolean;
  testId?: string;
  onNavigate(label: string): void;
}) {
  const item = (
    <NavMenuItem
      component={LinkBase}
      to={to}
      className={active ? 'RaMenuItemLink-root RaMenuItemLink-active' : 'RaMenuItemLink-root'}
      aria-current={active ? 'page' : undefined}
      tabIndex={0}
      disabled={disabled}
      aria-disabled={disabled || undefined}
      data-testid={testId}
      onClick={() => onNavigate(label)}
      sx={disabled ? DISABLED_SX : undefined}
    >
      {icon && <ListItemIcon className="RaMenuItemLink-icon">{icon}</ListItemIcon>}
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
        {label}
      </Typography>
    </NavMenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
  );
});

const GROUP_SX = {
  lineHeight: '32px',
  mt: 1,
  fontSize: 11,
  fontWeight: 700,
  letterSpacing: 1,
  textTransform: 'uppercase',
  bgcolor: 'transparent',
} as const;

const GroupHeader = memo(function GroupHeader({ testId, label }: { testId: string; label: string }) {
  return (
    <ListSubheader component="div" disableSticky data-testid={testId} sx={GROUP_SX}>
      {label}
    </ListSubheader>
  );
});

const GroupDivider = memo(function GroupDivider({ testId }: { testId: string }) {
  return <Divider sx={{ my: 1 }} data-testid={testId} />;
});
