import type { PortalLabelKey } from '@portal/domain';
import { createContext, useContext } from 'react';

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
 * portal is unavailable (network error, or 503 while the server is in maintenance).
 */
export async function fetchPortalProperties(): Promise<PortalProperties | null> {
  try {
    const response = await fetch('/portalProperties', { headers: { accept: 'application/json' } });
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
