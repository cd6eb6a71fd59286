import type { NotificacaoFieldsFragment } from './notifications.generated';

// The notifications' documents are in notifications.graphql; their types are generated
// (notifications.generated.ts).
export {
  CountNotificacoesNaoLidasDocument as COUNT_NOTIFICACOES_NAO_LIDAS,
  MarcarNotificacaoComoLidaDocument as MARCAR_NOTIFICACAO_COMO_LIDA,
  MarcarNotificacoesComoVistasDocument as MARCAR_NOTIFICACOES_COMO_VISTAS,
  MarcarTodasNotificacoesComoLidasDocument as MARCAR_TODAS_NOTIFICACOES_COMO_LIDAS,
  NotificacoesDocument as NOTIFICACOES,
  NotificacoesMenuDocument as NOTIFICACOES_MENU,
} from './notifications.generated';

/** A notification; `texto` is HTML: sanitise before rendering. */
export type Notificacao = NotificacaoFieldsFragment;
