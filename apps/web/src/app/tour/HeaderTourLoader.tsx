import { useQuery } from '@apollo/client';
import { lazy, Suspense } from 'react';
import { usePortalProperties } from '../portal-properties';
import { HEADER_TOUR_ID } from './header-tour';
import { ONBOARDING_SEEN } from './tour.documents';

/** The tour and its library, in their own chunk. */
const HeaderTour = lazy(() => import('./HeaderTour'));

/**
 * Fetches the tour's chunk only when the user has not seen the header's tour: most visits are by users who have, and
 * they download none of it. Whether they have comes with the frame's request (AppFrame's `Frame` query), so this
 * reads the cache. Nothing when the portal's onboarding is off.
 */
export function HeaderTourLoader() {
  const portal = usePortalProperties();
  const enabled = portal.onboardingHabilitado === true;
  const { data } = useQuery(ONBOARDING_SEEN, {
    variables: { id: HEADER_TOUR_ID },
    skip: !enabled,
    fetchPolicy: 'cache-first',
  });
  if (!enabled || data?.currentUserOnboardingIsSeen !== false) return null;
  return (
    <Suspense fallback={null}>
      <HeaderTour />
    </Suspense>
  );
}
