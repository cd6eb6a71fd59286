import type {
  GruposUsuariosAtivosQuery,
  ItemBibliotecaFieldsFragment,
  LixeiraBibliotecaQuery,
  VersoesItemBibliotecaQuery,
} from './library.generated';

// The library's documents are in library.graphql; their types are generated (library.generated.ts).
export {
  ArquivoBibliotecaDocument as ARQUIVO_BIBLIOTECA,
  ArquivosComMesmoNomeDocument as ARQUIVOS_COM_MESMO_NOME,
  BuscaBibliotecaPagedDocument as BUSCA_BIBLIOTECA_PAGED,
  ConcederAcessoDocument as CONCEDER_ACESSO,
  ContagemConteudoBibliotecaDocument as CONTAGEM_CONTEUDO_BIBLIOTECA,
  CriarNovaPastaDocument as CRIAR_NOVA_PASTA,
  EsvaziarLixeiraBibliotecaDocument as ESVAZIAR_LIXEIRA_BIBLIOTECA,
  ExcluirItemBibliotecaDocument as EXCLUIR_ITEM_BIBLIOTECA,
  GerarLinkDownloadByItemBibliotecaDocument as GERAR_LINK_DOWNLOAD,
  GerarLinkDownloadVersaoBibliotecaDocument as GERAR_LINK_DOWNLOAD_VERSAO,
  GruposUsuariosAtivosDocument as GRUPOS_USUARIOS_ATIVOS,
  ItemsPorPastaDocument as ITEMS_POR_PASTA,
  LixeiraBibliotecaDocument as LIXEIRA_BIBLIOTECA,
  MoverItemBibliotecaDocument as MOVER_ITEM_BIBLIOTECA,
  PastaDocument as PASTA,
  PastasComPermissaoEscritaDocument as PASTAS_COM_PERMISSAO_ESCRITA,
  PastasDestinoDocument as PASTAS_DESTINO,
  RenomearItemBibliotecaDocument as RENOMEAR_ITEM_BIBLIOTECA,
  RestaurarItemBibliotecaDocument as RESTAURAR_ITEM_BIBLIOTECA,
  RestaurarVersaoItemBibliotecaDocument as RESTAURAR_VERSAO_ITEM_BIBLIOTECA,
  SubstituirArquivoBibliotecaDocument as SUBSTITUIR_ARQUIVO_BIBLIOTECA,
  UploadArquivosDocument as UPLOAD_ARQUIVOS,
  VersoesItemBibliotecaDocument as VERSOES_ITEM_BIBLIOTECA,
} from './library.generated';

/** A library item as the screens read it (docs/domains/library.md). */
export type ItemBiblioteca = ItemBibliotecaFieldsFragment;
export type PastaResumo = ItemBiblioteca['pastaPai'];
export type PermissaoAcessoPasta = ItemBiblioteca['permissoesAcessoUsuarioLogado'][number];
/** An entry of the bin (docs/domains/library.md#the-bin). */
export type ItemLixeira = LixeiraBibliotecaQuery['lixeiraBiblioteca']['content'][number];
/** A version of a file (docs/domains/library.md#versions). */
export type VersaoItem = VersoesItemBibliotecaQuery['versoesItemBiblioteca'][number];
export type GrupoUsuariosAtivo = GruposUsuariosAtivosQuery['gruposUsuariosAtivos'][number];

/** Queries a library write makes stale (folder items, search and writable folders). */
export const LIBRARY_REFETCH = [
  'ItemsPorPasta',
  'BuscaBibliotecaPaged',
  'PastasComPermissaoEscrita',
  'Pasta',
  'LixeiraBiblioteca',
  'VersoesItemBiblioteca',
];
