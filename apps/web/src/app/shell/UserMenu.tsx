import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignedInUser } from '../current-user/current-user.documents';
import type { UserLink } from './shell.documents';

/** Loaded when first opened: keeps /home's initial JavaScript small. */
const UserMenuPanel = lazy(async () => ({ default: (await import('./UserMenuPanel')).UserMenuPanel }));

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/**
 * Avatar and name (its accessible name holds the visible name: "Menu do usuário: Maria"); the panel has 'Minha conta', the customer's extra links, SuperAdmin (TECSINAPSE only)
 * and sign-out (docs/domains/menu-and-shell.md#user-menu).
 */
export function UserMenu({ user, links }: { user: SignedInUser; links: UserLink[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const menuId = useId();
  if (anchor && !loaded) setLoaded(true);

  return (
    <>
      <Button
        color="inherit"
        aria-label={t('shell.userMenuOf', { nome: user.nome })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0, gap: 1, px: { xs: 0.5, sm: 1 } }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 32,
            height: 32,
            borderRadius: '50%',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            flexShrink: 0,
            fontSize: 14,
            bgcolor: 'primary.dark',
            color: 'primary.contrastText',
            backgroundImage: user.avatarLink ? `url("${encodeURI(user.avatarLink)}")` : undefined,
            backgroundSize: 'cover',
          }}
        >
          {user.avatarLink ? null : initials(user.nome)}
        </Box>
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, maxWidth: 180 }}>
          <Typography component="span" noWrap sx={{ display: 'block', fontSize: 14 }}>
            {user.nome}
          </Typography>
        </Box>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <UserMenuPanel id={menuId} user={user} links={links} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
