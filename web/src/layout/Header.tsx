import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MailOutline from '@mui/icons-material/MailOutlined';
import Tune from '@mui/icons-material/Tune';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { forwardRef, memo, type ReactNode, useEffect, useMemo, useState } from 'react';
import { AppBar, TitlePortal, UserMenuContextProvider, useUserMenu } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { can, initials, ROUTES, roleLabel, SHELL } from '@portal/contracts';
import { get, logoLoadError } from '../api/http';
import { useAlert, useLoadErrorAlert } from '../common/useAlert';
import { useSession } from '../session/SessionContext';
import { ConfigurationDialog } from './ConfigurationDialog';
import { LogoButton } from './LogoButton';
import { LogoutFlow } from './LogoutFlow';

/** The client company's logo for client users (GET /api/Location/getImage/{companyId}). */
function useClientLogo(companyId: number | null): string | null {
  const [logo, setLogo] = useState<string | null>(null);
  const alert = useAlert();
  useEffect(() => {
    if (!companyId) return;
    get<{ clientLogoType: string | null; clientLogoFile: string | null }>(`/Location/getImage/${companyId}`)
      .then((answer) => answer.clientLogoFile && setLogo(`data:${answer.clientLogoType ?? 'image/png'};base64,${answer.clientLogoFile}`))
      .catch((error: unknown) => alert.error(logoLoadError(error)));
  }, [companyId, alert]);
  return logo;
}

const MenuEntry = forwardRef<HTMLLIElement, { icon: React.ReactNode; label: string; onSelect(): void; disabled?: boolean; testId: string }>(
  ({ icon, label, onSelect, disabled, testId }, ref) => {
    const menu = useUserMenu();
    return (
      <MenuItem
        ref={ref}
        disabled={disabled}
        data-testid={testId}
        onClick={() => {
          menu?.onClose();
          onSelect();
        }}
      >
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    );
  },
);

/**
 * Header: company and client logos, initials, role in upper case and the user menu. Memoised:
 * react-admin's layout renders it again with every page, which it does not depend on.
 */
export const Header = memo(function Header() {
  const { user, role, companyLogo, logoError } = useSession();
  const clientLogo = useClientLogo(user.type === 1 ? user.companyId : null);
  // Says why the company logo is missing, if it failed to load at start-up.
  useLoadErrorAlert(logoError, logoError ?? '');
  const [configurationOpen, setConfigurationOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const navigate = useNavigate();

  return (
    <>
      <AppBar
        color="primary"
        sx={{ '& .RaAppBar-toolbar': { gap: 1.5 } }}
        userMenu={
          <ProfileMenu initials={initials(user.name)} name={user.name}>
            <MenuItem disabled data-testid="menu-email">
              <ListItemIcon>
                <MailOutline fontSize="small" />
              </ListItemIcon>
              <ListItemText>{user.email}</ListItemText>
            </MenuItem>
            <MenuEntry
              icon={<AccountCircleOutlined fontSize="small" />}
              label={ROUTES.profile.title}
              onSelect={() => navigate(ROUTES.profile.path)}
              testId="menu-profile"
            />
            <MenuEntry
              icon={<Tune fontSize="small" />}
              label={SHELL.configuration}
              disabled={!can(role, 'configuration.local')}
              onSelect={() => setConfigurationOpen(true)}
              testId="menu-configuration"
            />
            <MenuEntry
              icon={<LogoutIcon fontSize="small" />}
              label={SHELL.logout}
              onSelect={() => setLogoutOpen(true)}
              testId="menu-logout"
            />
          </ProfileMenu>
        }
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          {companyLogo && <LogoButton src={companyLogo} alt={`${user.namespaceName} logo`} testId="company-logo" />}
          <Typography variant="subtitle1" sx={{ fontWeight: 600, display: { xs: 'none', sm: 'block' } }} noWrap>
            {user.namespaceName}
          </Typography>
          {clientLogo && <LogoButton src={clientLogo} alt={`${user.companyName ?? 'Client'} logo`} testId="client-logo" />}
        </Box>
        <TitlePortal sx={{ ml: 2, opacity: 0.9 }} />
        <Box sx={{ textAlign: 'right', mr: 0.5, display: { xs: 'none', md: 'block' } }}>
          <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }} data-testid="user-name">
            {user.name}
          </Typography>
          <Typography variant="caption" sx={{ opacity: 0.85, letterSpacing: 0.5 }} data-testid="user-role">
            {roleLabel(user.designation || role)}
          </Typography>
        </Box>
      </AppBar>
      <ConfigurationDialog open={configurationOpen} onClose={() => setConfigurationOpen(false)} />
      <LogoutFlow open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </>
  );
});

/**
 * The user menu behind the initials. Its button's accessible name starts with the initials it
 * shows (WCAG 2.5.3, label in name), which react-admin's UserMenu ('Profile') does not allow.
 */
function ProfileMenu({ initials: letters, name, children }: { initials: string; name: string; children: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const context = useMemo(() => ({ onClose: () => setAnchor(null) }), []);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`${letters} ${name}: profile`}
        title={`${name}: profile`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'profile-menu' : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15, fontWeight: 700 }} data-testid="user-initials">
          {letters}
        </Avatar>
      </IconButton>
      <UserMenuContextProvider value={context}>
        <Menu
          id="profile-menu"
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {children}
        </Menu>
      </UserMenuContextProvider>
    </>
  );
}
