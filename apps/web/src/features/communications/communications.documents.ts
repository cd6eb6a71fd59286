import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ComunicadoStatus, InboxTab } from '@portal/domain';

// Hand-written types until the web gets generated documents from the committed SDL (DESIGN §2).
// Contract: apps/server/src/modules/communications/communications.graphql.

export type UsuarioComunicado = { __typename?: 'UsuarioComunicado'; id: string; nome: string; email: string };
export type Departamento = {
  __typename?: 'Departamento';
  id: string;
  sigla: string;
  nome: string;
  assinatura: string | null;
};
export type GrupoResumo = { __typename?: string; id: string; nome: string };
export type ArquivoComunicado = {
  __typename?: 'ArquivoComunicado';
  id: string;
  nome: string;
  tamanho: number;
  imagem: boolean;
  arquivoLink: string;
};
export type ComunicadoViewerCan = {
  __typename?: 'ComunicadoViewerCan';
  editar: boolean;
  enviarParaAprovacao: boolean;
  aprovar: boolean;
  rejeitar: boolean;
  enviar: boolean;
  arquivar: boolean;
  desarquivar: boolean;
  criarErrata: boolean;
  verDashboard: boolean;
};

/** What the recipient view shows of a communication (also the preview of the form). */
export type ComunicadoConteudo = {
  __typename?: 'Comunicado';
  id: string;
  titulo: string;
  mensagem: string;
  createdDateTime: string;
  envioDateTime: string | null;
  usuarioCriador: UsuarioComunicado;
  etiquetas: string[];
  arquivos: ArquivoComunicado[];
  departamento: Departamento | null;
  dataInicioExibicao: string | null;
  dataFimExibicao: string | null;
  idParent: string | null;
  justificativa: string | null;
};

/** A communication as its creator and approver see it (SPEC §3). */
export type Comunicado = ComunicadoConteudo & {
  motivoRejeicao: string | null;
  dataHoraAgendamento: string | null;
  status: { __typename?: 'StatusComunicado'; id: ComunicadoStatus; description: string };
  usuarioAprovador: UsuarioComunicado | null;
  grupos: GrupoResumo[];
  gruposDealers: GrupoResumo[];
  usuariosRemovidos: UsuarioComunicado[];
  emailsAvulsos: string[];
  erratas: ComunicadoConteudo[];
  viewerCan: ComunicadoViewerCan;
};

export type ComunicadoEnvio = {
  __typename?: 'ComunicadoEnvio';
  id: string;
  lido: boolean;
  arquivado: boolean;
  favorito: boolean;
  dataRecebimento: string;
  dataLeitura: string | null;
  comunicado: ComunicadoConteudo;
  original: ComunicadoConteudo | null;
};

const CONTEUDO_FIELDS = gql`
  fragment ComunicadoConteudoFields on Comunicado {
    id
    titulo
    mensagem
    createdDateTime
    envioDateTime
    usuarioCriador {
      id
      nome
      email
    }
    etiquetas
    arquivos {
      id
      nome
      tamanho
      imagem
      arquivoLink
    }
    departamento {
      id
      sigla
      nome
      assinatura
    }
    dataInicioExibicao
    dataFimExibicao
    idParent
    justificativa
  }
`;

const COMUNICADO_FIELDS = gql`
  fragment ComunicadoFields on Comunicado {
    ...ComunicadoConteudoFields
    motivoRejeicao
    dataHoraAgendamento
    status {
      id
      description
    }
    usuarioAprovador {
      id
      nome
      email
    }
    grupos {
      id
      nome
    }
    gruposDealers {
      id
      nome
    }
    usuariosRemovidos {
      id
      nome
      email
    }
    emailsAvulsos
    erratas {
      ...ComunicadoConteudoFields
    }
    viewerCan {
      editar
      enviarParaAprovacao
      aprovar
      rejeitar
      enviar
      arquivar
      desarquivar
      criarErrata
      verDashboard
    }
  }
  ${CONTEUDO_FIELDS}
`;

const ENVIO_FIELDS = gql`
  fragment ComunicadoEnvioFields on ComunicadoEnvio {
    id
    lido
    arquivado
    favorito
    dataRecebimento
    dataLeitura
    comunicado {
      ...ComunicadoConteudoFields
    }
    original {
      ...ComunicadoConteudoFields
    }
  }
  ${CONTEUDO_FIELDS}
`;

export type Page<T> = { __typename?: string; content: T[]; totalElements: number };
export type FiltroComunicados = { busca?: string; status?: ComunicadoStatus[]; page: number; rowsPerPage: number };

export const COMUNICADOS: TypedDocumentNode<{ comunicados: Page<Comunicado> }, { filtro: FiltroComunicados }> = gql`
  query Comunicados($filtro: FiltroComunicadosInput) {
    comunicados(filtro: $filtro) {
      content {
        ...ComunicadoFields
      }
      totalElements
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const COMUNICADO: TypedDocumentNode<{ comunicado: Comunicado }, { id: string }> = gql`
  query Comunicado($id: ID!) {
    comunicado(id: $id) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export type EnviosVariables = { aba: Exclude<InboxTab, 'ENVIADOS'>; busca?: string; page: number; rowsPerPage: number };

export const COMUNICADO_ENVIOS: TypedDocumentNode<{ comunicadoEnvios: Page<ComunicadoEnvio> }, EnviosVariables> = gql`
  query ComunicadoEnvios($aba: AbaComunicado!, $busca: String, $page: Int, $rowsPerPage: Int) {
    comunicadoEnvios(aba: $aba, busca: $busca, page: $page, rowsPerPage: $rowsPerPage) {
      content {
        ...ComunicadoEnvioFields
      }
      totalElements
    }
  }
  ${ENVIO_FIELDS}
`;

export const COMUNICADO_ENVIO: TypedDocumentNode<{ comunicadoEnvio: ComunicadoEnvio }, { idComunicado: string }> = gql`
  query ComunicadoEnvio($idComunicado: ID!) {
    comunicadoEnvio(idComunicado: $idComunicado) {
      ...ComunicadoEnvioFields
    }
  }
  ${ENVIO_FIELDS}
`;

export type Audiencia = {
  idsGruposUsuarios: string[];
  idsGrupos: string[];
  emailsAvulsos: string[];
  idsUsuariosRemovidos: string[];
};

export const CONTAGEM_DESTINATARIOS: TypedDocumentNode<
  { contagemDestinatarios: { __typename?: string; usuarios: number; emailsAvulsos: number; total: number } },
  { audiencia: Audiencia }
> = gql`
  query ContagemDestinatarios($audiencia: AudienciaInput!) {
    contagemDestinatarios(audiencia: $audiencia) {
      usuarios
      emailsAvulsos
      total
    }
  }
`;

export const APROVADORES_COMUNICADO: TypedDocumentNode<
  { aprovadoresComunicado: UsuarioComunicado[] },
  Record<string, never>
> = gql`
  query AprovadoresComunicado {
    aprovadoresComunicado {
      id
      nome
      email
    }
  }
`;

export const DEPARTAMENTOS_COMUNICADOS: TypedDocumentNode<
  { departamentosComunicados: Departamento[] },
  Record<string, never>
> = gql`
  query DepartamentosComunicados {
    departamentosComunicados {
      id
      sigla
      nome
      assinatura
    }
  }
`;

export const GRUPOS_COMUNICADO: TypedDocumentNode<{ gruposComunicado: GrupoResumo[] }, Record<string, never>> = gql`
  query GruposComunicado {
    gruposComunicado {
      id
      nome
    }
  }
`;

export type LeituraPorItem = { __typename?: string; id: string; nome: string; destinatarios: number; lidos: number };
export type DashboardComunicado = {
  __typename?: 'DashboardComunicado';
  comunicado: { __typename?: 'Comunicado'; id: string; titulo: string; status: Comunicado['status'] };
  destinatarios: number;
  entregues: number;
  lidos: number;
  naoLidos: number;
  taxaLeitura: number;
  leiturasPorDia: { __typename?: string; dia: string; lidos: number }[];
  porDealer: LeituraPorItem[];
  porGrupo: LeituraPorItem[];
  porMarca: LeituraPorItem[];
  porGrupoUsuarios: LeituraPorItem[];
};

const POR_ITEM = 'id nome destinatarios lidos';
export const DASHBOARD_COMUNICADO: TypedDocumentNode<{ dashboardComunicado: DashboardComunicado }, { id: string }> =
  gql`
  query DashboardComunicado($id: ID!) {
    dashboardComunicado(id: $id) {
      comunicado {
        id
        titulo
        status {
          id
          description
        }
      }
      destinatarios
      entregues
      lidos
      naoLidos
      taxaLeitura
      leiturasPorDia {
        dia
        lidos
      }
      porDealer { ${POR_ITEM} }
      porGrupo { ${POR_ITEM} }
      porMarca { ${POR_ITEM} }
      porGrupoUsuarios { ${POR_ITEM} }
    }
  }
`;

export type LeituraDestinatario = {
  __typename?: 'LeituraDestinatario';
  usuario: UsuarioComunicado;
  lido: boolean;
  dataLeitura: string | null;
  dataRecebimento: string;
};
export type LeiturasVariables = { id: string; busca?: string; lido?: boolean; page: number; rowsPerPage: number };

export const LEITURAS_COMUNICADO: TypedDocumentNode<
  { leiturasComunicado: Page<LeituraDestinatario> },
  LeiturasVariables
> = gql`
  query LeiturasComunicado($id: ID!, $busca: String, $lido: Boolean, $page: Int, $rowsPerPage: Int) {
    leiturasComunicado(id: $id, busca: $busca, lido: $lido, page: $page, rowsPerPage: $rowsPerPage) {
      content {
        usuario {
          id
          nome
          email
        }
        lido
        dataLeitura
        dataRecebimento
      }
      totalElements
    }
  }
`;

/** The input of salvarComunicado and criarErrata (ComunicadoInput). */
export type ComunicadoInputVariables = {
  titulo: string;
  mensagem: string;
  etiquetas: string[];
  departamentoId: string | null;
  dataInicioExibicao: string | null;
  dataFimExibicao: string | null;
  idsGruposUsuarios: string[];
  idsGrupos: string[];
  emailsAvulsos: string[];
  idsUsuariosRemovidos: string[];
  idsArquivos: string[];
  aprovadorId: string | null;
};

type ComunicadoResult<K extends string> = { [P in K]: Comunicado };

export const SALVAR_COMUNICADO: TypedDocumentNode<
  ComunicadoResult<'salvarComunicado'>,
  { id: string | null; comunicado: ComunicadoInputVariables }
> = gql`
  mutation SalvarComunicado($id: ID, $comunicado: ComunicadoInput!) {
    salvarComunicado(id: $id, comunicado: $comunicado) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const ENVIAR_PARA_APROVACAO: TypedDocumentNode<
  ComunicadoResult<'enviarParaAprovacao'>,
  { id: string; aprovadorId: string }
> = gql`
  mutation EnviarParaAprovacao($id: ID!, $aprovadorId: ID!) {
    enviarParaAprovacao(id: $id, aprovadorId: $aprovadorId) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const APROVAR_COMUNICADO: TypedDocumentNode<
  ComunicadoResult<'aprovarComunicado'>,
  { id: string; dataHoraAgendamento: string | null }
> = gql`
  mutation AprovarComunicado($id: ID!, $dataHoraAgendamento: DateTime) {
    aprovarComunicado(id: $id, dataHoraAgendamento: $dataHoraAgendamento) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const REJEITAR_COMUNICADO: TypedDocumentNode<
  ComunicadoResult<'rejeitarComunicado'>,
  { id: string; motivoRejeicao: string }
> = gql`
  mutation RejeitarComunicado($id: ID!, $motivoRejeicao: String!) {
    rejeitarComunicado(id: $id, motivoRejeicao: $motivoRejeicao) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const ENVIAR_COMUNICADO: TypedDocumentNode<
  ComunicadoResult<'enviarComunicado'>,
  { id: string; dataHoraAgendamento: string | null }
> = gql`
  mutation EnviarComunicado($id: ID!, $dataHoraAgendamento: DateTime) {
    enviarComunicado(id: $id, dataHoraAgendamento: $dataHoraAgendamento) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const ARQUIVAR_COMUNICADO: TypedDocumentNode<ComunicadoResult<'arquivarComunicado'>, { id: string }> = gql`
  mutation ArquivarComunicado($id: ID!) {
    arquivarComunicado(id: $id) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const DESARQUIVAR_COMUNICADO: TypedDocumentNode<ComunicadoResult<'desarquivarComunicado'>, { id: string }> = gql`
  mutation DesarquivarComunicado($id: ID!) {
    desarquivarComunicado(id: $id) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const CRIAR_ERRATA: TypedDocumentNode<
  ComunicadoResult<'criarErrata'>,
  { idOriginal: string; justificativa: string; comunicado: ComunicadoInputVariables }
> = gql`
  mutation CriarErrata($idOriginal: ID!, $justificativa: String!, $comunicado: ComunicadoInput!) {
    criarErrata(idOriginal: $idOriginal, justificativa: $justificativa, comunicado: $comunicado) {
      ...ComunicadoFields
    }
  }
  ${COMUNICADO_FIELDS}
`;

export const MARCAR_ENVIO_COMO_LIDO: TypedDocumentNode<
  { marcarEnvioComoLido: ComunicadoEnvio },
  { idComunicado: string }
> = gql`
  mutation MarcarEnvioComoLido($idComunicado: ID!) {
    marcarEnvioComoLido(idComunicado: $idComunicado) {
      ...ComunicadoEnvioFields
    }
  }
  ${ENVIO_FIELDS}
`;

export const FAVORITAR_ENVIO: TypedDocumentNode<
  { favoritarEnvio: ComunicadoEnvio },
  { idComunicado: string; favorito: boolean }
> = gql`
  mutation FavoritarEnvio($idComunicado: ID!, $favorito: Boolean!) {
    favoritarEnvio(idComunicado: $idComunicado, favorito: $favorito) {
      ...ComunicadoEnvioFields
    }
  }
  ${ENVIO_FIELDS}
`;

export const ARQUIVAR_ENVIO: TypedDocumentNode<
  { arquivarEnvio: ComunicadoEnvio },
  { idComunicado: string; arquivado: boolean }
> = gql`
  mutation ArquivarEnvio($idComunicado: ID!, $arquivado: Boolean!) {
    arquivarEnvio(idComunicado: $idComunicado, arquivado: $arquivado) {
      ...ComunicadoEnvioFields
    }
  }
  ${ENVIO_FIELDS}
`;

/** Lists a lifecycle move makes stale. */
export const COMUNICADOS_REFETCH = ['Comunicados', 'Comunicado', 'ComunicadoEnvios'];
