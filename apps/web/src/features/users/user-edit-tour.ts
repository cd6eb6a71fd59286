import type { GuidedTourStep } from '../../app/tour/GuidedTour';

/**
 * The user wizard's tour (SPEC §2, onboarding id USUARIO_EDICAO): on the first product card of the permissions
 * step, its access types, its individual features, then the clone action. The card marks the regions with these
 * data-tour attributes.
 */
export const USER_EDIT_TOUR_ID = 'USUARIO_EDICAO';

export const USER_EDIT_TOUR_STEPS: readonly GuidedTourStep[] = [
  { selector: '[data-tour="usuario-produto-tipos"]', contentKey: 'userForm.tour.accessTypes' },
  { selector: '[data-tour="usuario-produto-funcionalidades"]', contentKey: 'userForm.tour.features' },
  { selector: '[data-tour="usuario-produto-clonar"]', contentKey: 'userForm.tour.clone' },
];
