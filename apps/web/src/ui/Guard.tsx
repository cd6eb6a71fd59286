import Alert from '@mui/material/Alert';
import { type FeatureKey, isAllowed, type UserType } from '@portal/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../app/current-user/signed-in-user';

type Props = {
  /** Allowed feature keys: the user needs at least one. Not given or empty: no restriction. */
  keys?: readonly FeatureKey[];
  /** Allowed user types. Not given or empty: no restriction. */
  types?: readonly UserType[];
  /** What a user without access sees: nothing by default; `true` for the standard no-access notice. */
  fallback?: ReactNode | true;
  children: ReactNode;
};

/**
 * Shows part of a screen only to the users the guard allows (docs/domains/permissions.md#the-guard-rule, `isAllowed` of
 * `@portal/domain`, the rule of the route guard and of the server). Hiding is for the eye: the API still refuses.
 */
export function Guard({ keys, types, fallback = null, children }: Props) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const subject = { tipo: user.tipo.id, chaves: user.funcionalidades.map((f) => f.chave) };
  if (isAllowed(subject, { keys, types })) return children;
  return fallback === true ? <Alert severity="info">{t('common.noAccess')}</Alert> : fallback;
}
