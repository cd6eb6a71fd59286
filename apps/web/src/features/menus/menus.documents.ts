// The menus screens' documents are in menus.graphql; their types are generated (menus.generated.ts).

/**
 * Queries refetched after a menu write: the list, the edit form and its parents, and the frame's query
 * (`Frame`: the signed-in user and the header menu), so the header shows the change at once (the server drops
 * its cached menu on every instance).
 */
export const MENUS_REFETCH = ['MenusAdministracao', 'MenuAdministracao', 'OpcoesMenuAdministracao', 'Frame'];

/** The frame of the menus screens, as the other screens': padded, at most the content width. */
export const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;
