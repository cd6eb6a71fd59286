import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PermissaoAcesso } from '@portal/domain';

// Hand-written types until the web gets generated documents from the committed SDL (DESIGN §2).
// Contract: apps/server/src/modules/library/library.graphql.

export type PastaResumo = { __typename?: 'PastaResumo'; id: string; nome: string };
export type PermissaoAcessoPasta = { __typename?: 'PermissaoAcessoPasta'; id: PermissaoAcesso; description: string };
export type PermissaoItem = {
  __typename?: 'PermissaoItemBiblioteca';
  id: string;
  grupoUsuarios: { __typename?: 'GrupoUsuariosResumo'; id: string; nome: string };
  permissaoAcessoPasta: PermissaoAcessoPasta;
};
export type ViewerCan = {
  __typename?: 'ItemBibliotecaViewerCan';
  rename: boolean;
  move: boolean;
  delete: boolean;
  grant: boolean;
  download: boolean;
};

/** A library item as the screens read it (SPEC §3). */
export type ItemBiblioteca = {
  __typename?: 'ItemBiblioteca';
  id: string;
  nome: string;
  pasta: boolean;
  pastaPai: PastaResumo;
  proprietario: { __typename?: 'ProprietarioItem'; id: string; nome: string; email: string } | null;
  permissoesAcessoUsuarioLogado: PermissaoAcessoPasta[];
  permissoes: PermissaoItem[];
  ultimaModificacao: string;
  dataCriacao: string;
  arquivoLink: string | null;
  arquivoMiniaturaLink: string | null;
  arquivoImagem: boolean;
  tamanho: number | null;
  breadcrumb: PastaResumo[];
  viewerCan: ViewerCan;
};

export type GrupoUsuariosAtivo = { __typename?: 'GrupoUsuariosAtivo'; id: string; nome: string };
export type ItemBibliotecaPage = {
  __typename?: 'ItemBibliotecaPage';
  content: ItemBiblioteca[];
  totalElements: number;
};

const ITEM_FIELDS = gql`
  fragment ItemBibliotecaFields on ItemBiblioteca {
    id
    nome
    pasta
    pastaPai {
      id
      nome
    }
    proprietario {
      id
      nome
      email
    }
    permissoesAcessoUsuarioLogado {
      id
      description
    }
    permissoes {
      id
      grupoUsuarios {
        id
        nome
      }
      permissaoAcessoPasta {
        id
        description
      }
    }
    ultimaModificacao
    dataCriacao
    arquivoLink
    arquivoMiniaturaLink
    arquivoImagem
    tamanho
    breadcrumb {
      id
      nome
    }
    viewerCan {
      rename
      move
      delete
      grant
      download
    }
  }
`;

/** The current folder: name, breadcrumb and the viewer's access (the root for LIBRARY_ROOT_ID). */
export const PASTA: TypedDocumentNode<{ pasta: ItemBiblioteca }, { idPasta: string }> = gql`
  query Pasta($idPasta: ID!) {
    pasta(idPasta: $idPasta) {
      ...ItemBibliotecaFields
    }
  }
  ${ITEM_FIELDS}
`;

/** Only the name, for the shell's breadcrumb label. */
export const PASTA_NOME: TypedDocumentNode<
  { pasta: { __typename?: 'ItemBiblioteca'; id: string; nome: string } },
  { idPasta: string }
> = gql`
  query PastaNome($idPasta: ID!) {
    pasta(idPasta: $idPasta) {
      id
      nome
    }
  }
`;

export const ITEMS_POR_PASTA: TypedDocumentNode<{ itemsPorPasta: ItemBiblioteca[] }, { idPasta: string | null }> = gql`
  query ItemsPorPasta($idPasta: ID) {
    itemsPorPasta(idPasta: $idPasta) {
      ...ItemBibliotecaFields
    }
  }
  ${ITEM_FIELDS}
`;

export type FiltroBiblioteca = { busca: string; page: number; rowsPerPage: number };

export const BUSCA_BIBLIOTECA_PAGED: TypedDocumentNode<
  { buscaBibliotecaPaged: ItemBibliotecaPage },
  { filterInput: FiltroBiblioteca }
> = gql`
  query BuscaBibliotecaPaged($filterInput: FiltroBibliotecaInput!) {
    buscaBibliotecaPaged(filterInput: $filterInput) {
      content {
        ...ItemBibliotecaFields
      }
      totalElements
    }
  }
  ${ITEM_FIELDS}
`;

/** Writable folders: move and new-folder destinations. */
export const PASTAS_COM_PERMISSAO_ESCRITA: TypedDocumentNode<
  { pastasComPermissaoEscrita: ItemBiblioteca[] },
  Record<string, never>
> = gql`
  query PastasComPermissaoEscrita {
    pastasComPermissaoEscrita {
      ...ItemBibliotecaFields
    }
  }
  ${ITEM_FIELDS}
`;

export const GRUPOS_USUARIOS_ATIVOS: TypedDocumentNode<
  { gruposUsuariosAtivos: GrupoUsuariosAtivo[] },
  Record<string, never>
> = gql`
  query GruposUsuariosAtivos {
    gruposUsuariosAtivos {
      id
      nome
    }
  }
`;

export const EXCLUIR_ITEM_BIBLIOTECA: TypedDocumentNode<
  { excluirItemBiblioteca: { id: string; pastaPai: PastaResumo } },
  { idItem: string }
> = gql`
  mutation ExcluirItemBiblioteca($idItem: ID!) {
    excluirItemBiblioteca(idItem: $idItem) {
      id
      pastaPai {
        id
        nome
      }
    }
  }
`;

export const GERAR_LINK_DOWNLOAD: TypedDocumentNode<{ gerarLinkDownloadByItemBiblioteca: string }, { id: string }> =
  gql`
    mutation GerarLinkDownloadByItemBiblioteca($id: ID!) {
      gerarLinkDownloadByItemBiblioteca(id: $id)
    }
  `;

export const RENOMEAR_ITEM_BIBLIOTECA: TypedDocumentNode<
  { renomearItemBiblioteca: ItemBiblioteca },
  { idItemBiblioteca: string; novoNome: string }
> = gql`
  mutation RenomearItemBiblioteca($idItemBiblioteca: ID!, $novoNome: String!) {
    renomearItemBiblioteca(idItemBiblioteca: $idItemBiblioteca, novoNome: $novoNome) {
      ...ItemBibliotecaFields
    }
  }
  ${ITEM_FIELDS}
`;

export type ArquivoBibliotecaInput = { idArquivo: string; nome: string; idPastaPai: string };

export const UPLOAD_ARQUIVOS: TypedDocumentNode<
  { uploadArquivos: ItemBiblioteca[] },
  { arquivos: ArquivoBibliotecaInput[] }
> = gql`
  mutation UploadArquivos($arquivos: [ArquivoBibliotecaInput!]!) {
    uploadArquivos(arquivos: $arquivos) {
      ...ItemBibliotecaFields
    }
  }
  ${ITEM_FIELDS}
`;

export type TipoAcessoInput = { idGrupoAcesso: string; permissao: PermissaoAcesso };
export type NovasPermissoesInput = {
  idPasta: string;
  idsGrupoAcesso: string[];
  idsGrupoAcessoEscrita: string[];
  tiposAcesso: TipoAcessoInput[];
};

export const CONCEDER_ACESSO: TypedDocumentNode<
  { concederAcesso: ItemBiblioteca },
  { novasPermissoes: NovasPermissoesInput }
> = gql`
  mutation ConcederAcesso($novasPermissoes: NovasPermissoesInput!) {
    concederAcesso(novasPermissoes: $novasPermissoes) {
      ...ItemBibliotecaFields
    }
  }
  ${ITEM_FIELDS}
`;

export const MOVER_ITEM_BIBLIOTECA: TypedDocumentNode<
  { moverItemBiblioteca: ItemBiblioteca },
  { idItemBiblioteca: string; idNovaLocalizacao: string }
> = gql`
  mutation MoverItemBiblioteca($idItemBiblioteca: ID!, $idNovaLocalizacao: ID!) {
    moverItemBiblioteca(idItemBiblioteca: $idItemBiblioteca, idNovaLocalizacao: $idNovaLocalizacao) {
      ...ItemBibliotecaFields
    }
  }
  ${ITEM_FIELDS}
`;

export type NovaPastaVariables = {
  nome: string;
  idPai: string | null;
  idsGrupoAcesso: string[];
  tiposAcesso: TipoAcessoInput[];
};

export const CRIAR_NOVA_PASTA: TypedDocumentNode<
  { criarNovaPasta: ItemBiblioteca },
  { novaPasta: NovaPastaVariables }
> = gql`
    mutation CriarNovaPasta($novaPasta: NovaPastaInput!) {
      criarNovaPasta(novaPasta: $novaPasta) {
        ...ItemBibliotecaFields
      }
    }
    ${ITEM_FIELDS}
  `;

/** Queries a library write makes stale (SPEC §7: folder items, search and writable folders). */
export const LIBRARY_REFETCH = ['ItemsPorPasta', 'BuscaBibliotecaPaged', 'PastasComPermissaoEscrita', 'Pasta'];
