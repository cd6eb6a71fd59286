import { z } from 'zod';
import { organisationName } from './organisation-schemas.js';

/** The columns the dealer groups' list sorts by (`ordenacao`, '-' before it for descending). */
export const DEALER_GROUP_SORT_FIELDS = ['nome', 'dealers', 'active'] as const;
export type DealerGroupSortField = (typeof DEALER_GROUP_SORT_FIELDS)[number];

/**
 * What the dealer group form saves (`salvarGrupo`): its name. The active state changes only through
 * `inativarGrupo` (with its cascade and confirmation) and `ativarGrupo`, never by a save.
 */
export const dealerGroupFormSchema = z.object({ nome: organisationName });
export type DealerGroupFormInput = z.input<typeof dealerGroupFormSchema>;
