import type { PortalLabelKey } from '@portal/domain';
import { createContext, useContext } from 'react';
import { reportApiReachable } from './offline/network-status';

/** Set by the service worker on an answer it kept from an earlier visit because the network failed (sw-portal.js). */
export const OFFLINE_ANSWER_HEADER = 'x-portal-offline';

/** The fields of GET /portalProperties the frame uses (the full type is PortalProperties in the API). */
export type PortalProperties = {
  name: string;
  theme: string;
  favicon: string | null;
  notificacoesHabilitadas?: boolean;
  onboardingHabilitado?: boolean;
} & Partial<Record<PortalLabelKey, string>>;

/**
 * Loads the customer's portal properties, public and needed before anything renders. Null means the
 * portal is unavailable (network error, or 503 while the server is in maintenance). Offline, the service worker
 * answers with the copy of the last visit, marked (OFFLINE_ANSWER_HEADER).
 */
export async function fetchPortalProperties(): Promise<PortalProperties | null> {
  try {
    const response = await fetch('/portalProperties', { headers: { accept: 'application/json' } });
    // The kept copy: the portal starts offline, with the last data seen (main.tsx).
    if (response.headers.get(OFFLINE_ANSWER_HEADER)) reportApiReachable(false);
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<PortalProperties>;
    return typeof body.name === 'string' ? (body as PortalProperties) : null;
  } catch {
    return null;
  }
}

export const PortalPropertiesContext = createContext<PortalProperties | null>(null);

export function usePortalProperties(): PortalProperties {
  const value = useContext(PortalPropertiesContext);
  if (!value) throw new Error('usePortalProperties needs a PortalPropertiesContext above it');
  return value;
}
