import { createContext, useContext } from 'react';
import type { SignedInUser } from './current-user.documents';

/** The signed-in user, loaded by the frame before any screen renders. */
export const SignedInUserContext = createContext<SignedInUser | null>(null);

export function useSignedInUser(): SignedInUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser needs the app frame above it');
  return user;
}
