import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { HomeAd } from './HomeAd';
import { HomeSlides } from './HomeSlides';
import { RecentCommunicationsCard } from './RecentCommunicationsCard';
import { RecentFilesCard } from './RecentFilesCard';

/** Hides a slot while nothing is dropped in, so it takes no room. */
const emptySlot = { '&:empty': { display: 'none' } } as const;

/**
 * /home (docs/domains/menu-and-shell.md#home): the slide banner across the top, the greeting, the recent
 * communications and library files, and the ad column (about 20 % wide on the right, below the content under 600 px;
 * docs/domains/home.md). A slot with nothing to show collapses. The header mounts the HOME guided tour.
 */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Box data-home-slot="slides" sx={{ mb: 3, ...emptySlot }}>
        <HomeSlides />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 3, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
          <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {t('app.greeting', { nome: user.nome })}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            {t('app.userType')}: {user.tipo.description}
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
            <RecentCommunicationsCard />
            <RecentFilesCard />
          </Box>
        </Box>
        <Box data-home-slot="ad" sx={{ width: { xs: '100%', sm: '20%' }, flexShrink: 0, ...emptySlot }}>
          <HomeAd />
        </Box>
      </Box>
    </Box>
  );
}
