import type { FeatureKey } from './feature-keys.js';
import type { UserType } from './user-types.js';

/** What a guard needs to know about the user: their type and feature keys. */
export type GuardSubject = { tipo: UserType; chaves: readonly string[] };

/** A guard: allowed feature keys and/or allowed user types. */
export type Guard = { keys?: readonly FeatureKey[]; types?: readonly UserType[] };

/**
 * The guard rule (docs/domains/permissions.md#the-guard-rule): allowed when the user holds at least one allowed key and
 * their type is among the allowed types. A list that is not given (or is empty) does not restrict; neither list given
 * means allowed.
 */
export function isAllowed(user: GuardSubject, guard: Guard): boolean {
  const keysOk = !guard.keys?.length || guard.keys.some((k) => user.chaves.includes(k));
  const typesOk = !guard.types?.length || guard.types.includes(user.tipo);
  return keysOk && typesOk;
}
