// The user groups screens' documents are in user-groups.graphql; their types are generated (user-groups.generated.ts).

/** Queries refetched after a user group write: the list, the group, its members, the member search and the pickers. */
export const USER_GROUPS_REFETCH = [
  'GruposUsuarios',
  'GrupoDeUsuarios',
  'UsuariosPorGrupoUsuarios',
  'UsuariosParaGrupoUsuarios',
  'GruposUsuariosAtivos',
];

/** The page frame of the user groups screens (content at most 1440 px wide). */
export const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

/** The sortable columns of the list (the server's `ordenacao` fields). */
export const USER_GROUP_SORT_FIELDS = ['nome', 'visibilidade', 'active', 'quantidadeUsuarios', 'createdAt'] as const;
