// The tour's documents are in tour.graphql; their types are generated (tour.generated.ts).
export {
  CurrentUserOnboardingIsSeenDocument as ONBOARDING_SEEN,
  SetCurrentUserOnboardingSeenDocument as SET_ONBOARDING_SEEN,
} from './tour.generated';
