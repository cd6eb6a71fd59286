import { gql, type TypedDocumentNode } from '@apollo/client';

export const ONBOARDING_SEEN: TypedDocumentNode<{ currentUserOnboardingIsSeen: boolean }, { id: string }> = gql`
  query CurrentUserOnboardingIsSeen($id: String!) {
    currentUserOnboardingIsSeen(id: $id)
  }
`;

export const SET_ONBOARDING_SEEN: TypedDocumentNode<{ setCurrentUserOnboardingSeen: boolean }, { id: string }> = gql`
  mutation SetCurrentUserOnboardingSeen($id: String!) {
    setCurrentUserOnboardingSeen(id: $id)
  }
`;
