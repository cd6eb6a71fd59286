/**
 * The audit log's vocabulary (docs/domains/audit.md#entities-and-actions), shared by the server that writes
 * and filters it and the web that translates it and offers it in filters. The route `/auditoria/:id/:tipo`
 * takes one of these entities as its `tipo`.
 */
export const AUDIT_ENTIDADES = [
  'usuario',
  'grupo',
  'dealer',
  'marca',
  'grupo_usuarios',
  'menu',
  'portal_properties',
  'notificacao',
  'novidades_visita',
  'sessao',
  'item_biblioteca',
  'arquivo',
  'comunicado',
  'comunicado_envio',
  'slide',
  'anuncio',
  'importacao_usuarios',
  'produto',
  'push_subscription',
  'modelo_notificacao',
  'notificacao_generica',
] as const;
export type AuditEntity = (typeof AUDIT_ENTIDADES)[number];

/** Every action an audit row may record. */
export const AUDIT_ACOES = [
  'criar',
  'editar',
  'excluir',
  'inativar',
  'ativar',
  'login',
  'logout',
  'senha',
  'convidar',
  'mover',
  'conceder_acesso',
  'enviar_para_aprovacao',
  'aprovar',
  'rejeitar',
  'enviar',
  'disparar',
  'arquivar',
  'desarquivar',
  'colocar',
  'baixar',
  'importar',
  'restaurar',
  'sincronizar',
  'cancelar',
  // Issue 17 points 4 and 5: a recipient's read confirmation, an author's reminder.
  'confirmar_leitura',
  'enviar_lembrete',
] as const;
export type AuditAction = (typeof AUDIT_ACOES)[number];

/** Whether a text (a route's `tipo`, a filter) is an audited entity. */
export const isAuditEntity = (value: string): value is AuditEntity =>
  (AUDIT_ENTIDADES as readonly string[]).includes(value);

/** Whether a text (a filter) is an audited action. */
export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACOES as readonly string[]).includes(value);

/** The history screen of one entity (`/auditoria/:id/:tipo`): what the admin screens' history links open. */
export const auditPath = (entidade: AuditEntity, id: string): string =>
  `/auditoria/${encodeURIComponent(id)}/${entidade}`;
