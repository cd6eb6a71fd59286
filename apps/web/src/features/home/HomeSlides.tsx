import { useQuery } from '@apollo/client';
import Skeleton from '@mui/material/Skeleton';
import { Suspense } from 'react';
import { preload } from 'react-dom';
import { useFirstDataPolicy } from '../../app/first-data';
import { preloadableLazy } from '../../ui/preloadable-lazy';
import { HomeSlidesAtivosDocument } from './home.generated';
import { SLIDE_ASPECT_RATIO, SLIDE_SIZES, srcSetOf } from './home-image';

/**
 * The banner's code loads apart from /home's first JavaScript (docs/domains/home.md#on-home), beside /home's own
 * (`loadHomePage`): the banner then renders with the slides' data, not one download later.
 */
const SlideBanner = preloadableLazy(async () => (await import('./SlideBanner')).SlideBanner);
SlideBanner.preload().catch(() => {});

/** Holds the banner's place, at its ratio, while the slides or the banner's code load. */
function SlideSkeleton() {
  return <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: SLIDE_ASPECT_RATIO }} />;
}

/**
 * The slide banner's slot on /home: asks `slidesAtivos` as the page mounts (not after the banner's lazy code), and as
 * soon as the answer comes preloads the first slide's image with high priority, so it downloads while the banner's
 * code does. A skeleton of the banner's ratio meanwhile; nothing when there is no slide or the query failed, so the
 * slot collapses.
 */
export function HomeSlides() {
  const { data, loading } = useQuery(HomeSlidesAtivosDocument, {
    fetchPolicy: useFirstDataPolicy(HomeSlidesAtivosDocument, 'cache-and-network'),
  });
  const slides = data?.slidesAtivos;
  if (!slides) return loading ? <SlideSkeleton /> : null;
  if (slides.length === 0) return null;
  const first = slides[0].arquivo;
  if (first) {
    const imageSrcSet = srcSetOf(first);
    preload(first.arquivoLink, {
      as: 'image',
      fetchPriority: 'high',
      ...(imageSrcSet ? { imageSrcSet, imageSizes: SLIDE_SIZES } : {}),
    });
  }
  return (
    <Suspense fallback={<SlideSkeleton />}>
      <SlideBanner slides={slides} />
    </Suspense>
  );
}
