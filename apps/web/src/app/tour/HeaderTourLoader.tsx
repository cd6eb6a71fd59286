import { useQuery } from '@apollo/client';
import { lazy, Suspense } from 'react';
import { usePortalProperties } from '../portal-properties';
import { HEADER_TOUR_ID } from './header-tour';
import { ONBOARDING_SEEN } from './tour.documents';

/** The tour and its library, in their own chunk. */
const HeaderTour = lazy(() => import('./HeaderTour'));

/**
 * Asks the server whether the user has seen the header's tour and fetches the tour's chunk only when not: most
 * visits are by users who have, and they download none of it. Nothing when the portal's onboarding is off.
 */
export function HeaderTourLoader() {
  const portal = usePortalProperties();
  const enabled = portal.onboardingHabilitado === true;
  const { data } = useQuery(ONBOARDING_SEEN, {
    variables: { id: HEADER_TOUR_ID },
    skip: !enabled,
    fetchPolicy: 'network-only',
  });
  if (!enabled || data?.currentUserOnboardingIsSeen !== false) return null;
  return (
    <Suspense fallback={null}>
      <HeaderTour />
    </Suspense>
  );
}
