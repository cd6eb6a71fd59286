import type { GuidedTourStep } from '../../app/tour/GuidedTour';

/**
 * The user group screen's tour (SPEC §2, onboarding id GRUPO_USUARIO; docs/domains/user-groups.md):
 * the name, the visibility, then the members. The screen marks the regions with these data-tour attributes.
 */
export const USER_GROUP_TOUR_ID = 'GRUPO_USUARIO';

export const USER_GROUP_TOUR_STEPS: readonly GuidedTourStep[] = [
  { selector: '[data-tour="grupo-usuario-nome"]', contentKey: 'tour.userGroupName' },
  { selector: '[data-tour="grupo-usuario-visibilidade"]', contentKey: 'tour.userGroupVisibility' },
  { selector: '[data-tour="grupo-usuario-membros"]', contentKey: 'tour.userGroupMembers' },
];
