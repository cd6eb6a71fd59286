import { useApolloClient } from '@apollo/client';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOut } from '../../features/auth/session';
import type { SignedInUser } from '../current-user/current-user.documents';
import type { UserLink } from './shell.documents';

type Props = { id: string; user: SignedInUser; links: UserLink[]; anchor: HTMLElement | null; onClose: () => void };

/** The user menu's entries (docs/domains/menu-and-shell.md#user-menu). */
export function UserMenuPanel({ id, user, links, anchor, onClose }: Props) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [signOutFailed, setSignOutFailed] = useState(false);

  const onSignOut = async () => {
    setSignOutFailed(false);
    try {
      await signOut(client);
    } catch {
      setSignOutFailed(true);
    }
  };

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      // The open menu floats outside the page's landmarks: its panel is a navigation of its own (axe's `region`).
      slotProps={{ paper: { component: 'nav', 'aria-label': t('shell.userMenu') } as object }}
    >
      {/* Disabled: not an action, and skipped by the keyboard. */}
      <MenuItem disabled sx={{ display: 'block', '&.Mui-disabled': { opacity: 1 } }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.nome}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      </MenuItem>
      <Divider />
      <MenuItem component={Link} to="/minha-conta" onClick={onClose}>
        {t('shell.myAccount')}
      </MenuItem>
      {links.map((link) =>
        link.external ? (
          <MenuItem
            key={link.id}
            component="a"
            href={link.path}
            target="_blank"
            rel="noopener"
            aria-label={`${link.label} ${t('shell.newTab')}`}
            onClick={onClose}
          >
            {link.label}
          </MenuItem>
        ) : (
          <MenuItem key={link.id} component={Link} to={link.path} onClick={onClose}>
            {link.label}
          </MenuItem>
        ),
      )}
      {user.tipo.id === 'TECSINAPSE' && (
        <MenuItem component={Link} to="/superAdmin" onClick={onClose}>
          {t('shell.superAdmin')}
        </MenuItem>
      )}
      <Divider />
      <MenuItem onClick={onSignOut}>{t('shell.signOut')}</MenuItem>
      {signOutFailed && (
        <Typography role="alert" color="error" variant="body2" sx={{ px: 2, py: 1 }}>
          {t('error.occurred')}
        </Typography>
      )}
    </Menu>
  );
}
