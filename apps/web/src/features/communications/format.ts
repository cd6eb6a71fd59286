import type { ComunicadoStatus } from '@portal/domain';

/** Colour of a status chip (docs/domains/communications.md#statuses-and-moves). */
export const STATUS_COLOR: Record<ComunicadoStatus, 'default' | 'info' | 'success' | 'error' | 'warning' | 'primary'> =
  {
    RASCUNHO: 'default',
    EM_APROVACAO: 'warning',
    APROVADO: 'info',
    REJEITADO: 'error',
    AGENDADO: 'primary',
    ENVIADO: 'success',
    ARQUIVADO: 'default',
  };

/** A `datetime-local` input value (local time, minutes) for a date. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `date` input value (local day) for an ISO date, '' for none. */
export function toDateInput(iso: string | null | undefined): string {
  return iso ? toLocalInput(new Date(iso)).slice(0, 10) : '';
}

/** The ISO instant of a `date` input (local midnight), null when empty. */
export function fromDateInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(`${value}T00:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The screens of a communication. */
export const comunicadoUrls = {
  inbox: '/comunicados',
  novo: '/comunicados/novo',
  envio: (id: string) => `/comunicados/visualizarEnvio/${encodeURIComponent(id)}`,
  visualizar: (id: string) => `/comunicados/visualizar/${encodeURIComponent(id)}`,
  editar: (id: string) => `/comunicados/editar/${encodeURIComponent(id)}`,
  errata: (id: string) => `/comunicados/errata/${encodeURIComponent(id)}`,
  dashboard: (id: string) => `/comunicados/dashboard/${encodeURIComponent(id)}`,
};

/** Recipient count debounce while the audience changes. */
export const COUNT_DEBOUNCE_MS = 300;
