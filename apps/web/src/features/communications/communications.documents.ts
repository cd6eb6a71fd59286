import type { AudienciaInput, ComunicadoInput } from '../../generated/graphql';
import type {
  AprovadoresComunicadoQuery,
  ComunicadoConteudoFieldsFragment,
  ComunicadoEnvioFieldsFragment,
  ComunicadoFieldsFragment,
  ComunicadoHistoricoFieldsFragment,
  DashboardComunicadoQuery,
  GruposComunicadoQuery,
  LeituraPorItemFieldsFragment,
} from './communications.generated';

// The communications' documents are in communications.graphql; their types are generated
// (communications.generated.ts). The approvals count, which the shell reads on every page, is apart
// (approvals-count.graphql) so the first JavaScript does not carry these.
export { ContagemComunicadosAAprovarDocument as CONTAGEM_COMUNICADOS_A_APROVAR } from './approvals-count.generated';
export {
  AprovadoresComunicadoDocument as APROVADORES_COMUNICADO,
  AprovarComunicadoDocument as APROVAR_COMUNICADO,
  ArquivarComunicadoDocument as ARQUIVAR_COMUNICADO,
  ArquivarEnvioDocument as ARQUIVAR_ENVIO,
  ComunicadoDocument as COMUNICADO,
  ComunicadoEnvioDocument as COMUNICADO_ENVIO,
  ComunicadoEnviosDocument as COMUNICADO_ENVIOS,
  ComunicadosDocument as COMUNICADOS,
  ContagemDestinatariosDocument as CONTAGEM_DESTINATARIOS,
  CriarErrataDocument as CRIAR_ERRATA,
  DashboardComunicadoDocument as DASHBOARD_COMUNICADO,
  DepartamentosComunicadosDocument as DEPARTAMENTOS_COMUNICADOS,
  DesarquivarComunicadoDocument as DESARQUIVAR_COMUNICADO,
  EnviarComunicadoDocument as ENVIAR_COMUNICADO,
  EnviarParaAprovacaoDocument as ENVIAR_PARA_APROVACAO,
  FavoritarEnvioDocument as FAVORITAR_ENVIO,
  GruposComunicadoDocument as GRUPOS_COMUNICADO,
  LeiturasComunicadoDocument as LEITURAS_COMUNICADO,
  MarcarEnvioComoLidoDocument as MARCAR_ENVIO_COMO_LIDO,
  RejeitarComunicadoDocument as REJEITAR_COMUNICADO,
  SalvarComunicadoDocument as SALVAR_COMUNICADO,
} from './communications.generated';

/** What the recipient view shows of a communication (also the preview of the form). */
export type ComunicadoConteudo = ComunicadoConteudoFieldsFragment;
/** A communication as its creator and approver see it (docs/domains/communications.md). */
export type Comunicado = ComunicadoFieldsFragment;
export type ComunicadoEnvio = ComunicadoEnvioFieldsFragment;
/** The history and the approver's difference of one communication (decision 0041). */
export type ComunicadoHistorico = ComunicadoHistoricoFieldsFragment;
export type EventoHistorico = ComunicadoHistorico['historico'][number];
export type AlteracaoComunicado = NonNullable<ComunicadoHistorico['alteracoesDesdeRejeicao']>[number];
export type ComunicadoViewerCan = Comunicado['viewerCan'];
export type ArquivoComunicado = ComunicadoConteudo['arquivos'][number];
export type UsuarioComunicado = AprovadoresComunicadoQuery['aprovadoresComunicado'][number];
/** A group of the audience pickers: a user group or a dealer group. */
export type GrupoResumo = Pick<GruposComunicadoQuery['gruposComunicado'][number], 'id' | 'nome'>;
export type DashboardComunicado = DashboardComunicadoQuery['dashboardComunicado'];
export type LeituraPorItem = LeituraPorItemFieldsFragment;
/** A schema input as the form holds it: every field present, lists never null. */
type AsSent<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends unknown[] ? NonNullable<T[K]> : Exclude<T[K], undefined>;
};
/** The input of salvarComunicado and criarErrata (ComunicadoInput). */
export type ComunicadoInputVariables = AsSent<ComunicadoInput>;
/** The audience whose recipients are counted before sending (AudienciaInput). */
export type Audiencia = AsSent<AudienciaInput>;

/** Lists a lifecycle move makes stale. */
export const COMUNICADOS_REFETCH = ['Comunicados', 'Comunicado', 'ComunicadoEnvios'];
