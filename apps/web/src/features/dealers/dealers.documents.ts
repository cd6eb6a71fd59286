// The dealers screens' documents are in dealers.graphql; their types are generated (dealers.generated.ts).

/** Queries refetched after a dealer or brand write: the lists, the open dealer and the wizard's choices. */
export const DEALERS_REFETCH = ['Dealers', 'Dealer', 'OpcoesDealer', 'Marcas'];

/** The frame of the dealers screens, as the other screens': padded, at most the content width. */
export const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;
