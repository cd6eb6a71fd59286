import type { FeatureKey } from '@portal/domain';

// The dealer groups screens' documents are in dealer-groups.graphql; their types are generated (dealer-groups.generated.ts).

/** Queries refetched after a dealer group write: the list, the group and its members. */
export const GROUPS_REFETCH = ['Grupos', 'Grupo', 'GrupoDealers', 'GrupoUsuarios'];

/** The frame of the dealer groups screens, as the other screens': padded, at most the content width. */
export const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

/** The guard of every dealer group screen (SPEC §2). */
export const GROUPS_KEYS: readonly FeatureKey[] = ['PORTAL_MANUTENCAO_DEALERS_GRUPO'];
