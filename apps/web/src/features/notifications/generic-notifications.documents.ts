// The documents of the templates' and generic notifications' screens are in generic-notifications.graphql;
// their types are generated (generic-notifications.generated.ts).

/** Queries refetched after a template write: the list, the edit form and the templates a notification may use. */
export const MODELOS_REFETCH = ['ModelosNotificacao', 'ModeloNotificacao', 'ModelosNotificacaoAtivos'];

/** Queries refetched after a generic notification write. */
export const GENERICAS_REFETCH = ['NotificacoesGenericas', 'NotificacaoGenerica'];

/** The frame of these screens, as the other admin screens': padded, at most the content width. */
export const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

/** The placeholders a template may hold, as the author types them. */
export const PLACEHOLDERS = ['{{nome}}', '{{produto}}', '{{link}}'] as const;
