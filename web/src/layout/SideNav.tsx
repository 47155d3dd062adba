import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import { Fragment, useEffect } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import type { RouteKey } from '@portal/contracts';
import { loadScreen } from '../screens';
import { useNavigationGroups } from '../session/SessionContext';
import { ROUTE_ICONS } from './icons';

export const LINK_KEY = 'portal.link';

/** Side navigation by role (contracts/navigation.ts); the clicked link name is kept in session storage. */
export function SideNav() {
  const groups = useNavigationGroups();
  const [open] = useSidebarState();
  const remember = (label: string) => sessionStorage.setItem(LINK_KEY, label);
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
      <Menu.Item to="/" primaryText="Home" leftIcon={ROUTE_ICONS.home} onClick={() => remember('Home')} />
      {groups.map((group) => (
        <Fragment key={group.key}>
          {open ? (
            <ListSubheader
              component="div"
              disableSticky
              data-testid={`nav-group-${group.key}`}
              sx={{
                lineHeight: '32px',
                mt: 1,
                fontSize: 11,
                fontWeight: 700,
                letterSpacing: 1,
                textTransform: 'uppercase',
                bgcolor: 'transparent',
              }}
            >
              {group.label}
            </ListSubheader>
          ) : (
            <Divider sx={{ my: 1 }} data-testid={`nav-group-${group.key}`} />
          )}
          {group.items.map((item) => (
            <Menu.Item
              key={item.key}
              to={item.path}
              primaryText={item.label}
              leftIcon={ROUTE_ICONS[item.key as RouteKey]}
              disabled={item.disabled}
              aria-disabled={item.disabled || undefined}
              data-testid={`nav-${item.key}`}
              onClick={() => remember(item.label)}
              sx={item.disabled ? { opacity: 0.45, pointerEvents: 'none' } : undefined}
            />
          ))}
        </Fragment>
      ))}
    </Menu>
  );
}
