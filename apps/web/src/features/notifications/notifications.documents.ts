import { gql, type TypedDocumentNode } from '@apollo/client';

// Hand-written types until the web gets generated documents from the committed SDL (DESIGN §2).

export type Notificacao = {
  __typename: 'Notificacao';
  id: string;
  titulo: string;
  /** HTML: sanitise before rendering. */
  texto: string;
  produto: string | null;
  link: string | null;
  data: string;
  recente: boolean;
  lida: boolean;
};

const NOTIFICACAO_FIELDS = gql`
  fragment NotificacaoFields on Notificacao {
    id
    titulo
    texto
    produto
    link
    data
    recente
    lida
  }
`;

export const NOTIFICACOES_MENU: TypedDocumentNode<{ notificacoesMenu: Notificacao[] }, Record<string, never>> = gql`
  query NotificacoesMenu {
    notificacoesMenu {
      ...NotificacaoFields
    }
  }
  ${NOTIFICACAO_FIELDS}
`;

export const COUNT_NOTIFICACOES_NAO_LIDAS: TypedDocumentNode<
  { countNotificacoesNaoLidas: number },
  Record<string, never>
> = gql`
  query CountNotificacoesNaoLidas {
    countNotificacoesNaoLidas
  }
`;

export const MARCAR_NOTIFICACOES_COMO_VISTAS: TypedDocumentNode<
  { marcarNotificacoesComoVistas: number },
  Record<string, never>
> = gql`
  mutation MarcarNotificacoesComoVistas {
    marcarNotificacoesComoVistas
  }
`;

export const NOTIFICACOES: TypedDocumentNode<
  { notificacoes: { content: Notificacao[]; totalElements: number } },
  { page: number; rowsPerPage: number }
> = gql`
  query Notificacoes($page: Int!, $rowsPerPage: Int!) {
    notificacoes(page: $page, rowsPerPage: $rowsPerPage) {
      content {
        ...NotificacaoFields
      }
      totalElements
    }
  }
  ${NOTIFICACAO_FIELDS}
`;
