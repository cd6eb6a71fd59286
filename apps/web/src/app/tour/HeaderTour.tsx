import { GuidedTour } from './GuidedTour';
import { HEADER_TOUR_ID, HEADER_TOUR_STEPS } from './header-tour';

/**
 * The header's guided tour (docs/domains/menu-and-shell.md#guided-tour, onboarding id HOME). The frame loads this
 * module lazily, and only for a user who has not seen the tour (`HeaderTourLoader`), so the tour library stays out of
 * the JavaScript of every screen.
 */
export default function HeaderTour() {
  return <GuidedTour id={HEADER_TOUR_ID} steps={HEADER_TOUR_STEPS} unseen />;
}
