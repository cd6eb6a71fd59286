import type { GuidedTourStep } from './GuidedTour';

/**
 * The header's tour (docs/domains/menu-and-shell.md#guided-tour, onboarding id HOME): step 1 the menu-open region, step
 * 2 the toolbar. The frame marks the regions with these data-tour attributes and mounts
 * `<GuidedTour id={HEADER_TOUR_ID} steps={HEADER_TOUR_STEPS} />`.
 */
export const HEADER_TOUR_ID = 'HOME';

export const HEADER_TOUR_STEPS: readonly GuidedTourStep[] = [
  { selector: '[data-tour="menu"]', contentKey: 'tour.headerMenu' },
  { selector: '[data-tour="toolbar"]', contentKey: 'tour.headerToolbar' },
];
