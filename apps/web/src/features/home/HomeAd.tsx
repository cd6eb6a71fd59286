import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstDataPolicy } from '../../app/first-data';
import { preloadableLazy } from '../../ui/preloadable-lazy';
import { HomeAnuncioAleatorioDocument } from './home.generated';
import { AD_ASPECT_RATIO, AD_MAX_WIDTH_SMALL } from './home-image';

/** The ad's code loads apart from /home's first JavaScript, beside /home's own (as the banner's). */
const AdView = preloadableLazy(async () => (await import('./AdView')).AdView);
AdView.preload().catch(() => {});

/** On a phone the ad sits centred below the content, at most `AD_MAX_WIDTH_SMALL` wide; beside it, its column's width. */
const place = { width: '100%', maxWidth: { xs: AD_MAX_WIDTH_SMALL, sm: 'none' }, mx: 'auto' } as const;

function AdSkeleton() {
  return <Skeleton variant="rectangular" sx={{ ...place, height: 'auto', aspectRatio: AD_ASPECT_RATIO }} />;
}

/**
 * The ad slot of /home: one ad drawn at random for the user (`anuncioAleatorio`), asked again on each visit so
 * another may show. A skeleton of the ad's ratio while it loads; nothing when there is none (or the query failed),
 * so the slot collapses.
 */
export function HomeAd() {
  const { t } = useTranslation();
  const { data, loading } = useQuery(HomeAnuncioAleatorioDocument, {
    fetchPolicy: useFirstDataPolicy(HomeAnuncioAleatorioDocument, 'network-only'),
  });
  if (loading) return <AdSkeleton />;
  const ad = data?.anuncioAleatorio;
  if (!ad) return null;
  return (
    <Box component="section" aria-label={t('home.ad.label')} sx={place}>
      <Suspense fallback={<AdSkeleton />}>
        <AdView ad={ad} />
      </Suspense>
    </Box>
  );
}
