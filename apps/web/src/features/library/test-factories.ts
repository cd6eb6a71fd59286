import { LIBRARY_ROOT_ID, type PermissaoAcesso } from '@portal/domain';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import type { GrupoUsuariosAtivo, ItemBiblioteca } from './library.documents';

let seq = 0;

/** A library item as the API sends it, with every field of the documents' fragment; override what a test needs. */
export function buildItem(overrides: Partial<ItemBiblioteca> & { access?: PermissaoAcesso[] } = {}): ItemBiblioteca {
  seq += 1;
  const { access = ['LEITURA'], ...rest } = overrides;
  const pasta = rest.pasta ?? false;
  const write = access.includes('LEITURA_ESCRITA');
  return {
    __typename: 'ItemBiblioteca',
    id: `item-${seq}`,
    nome: `Item ${seq}`,
    pasta,
    pastaPai: { __typename: 'PastaResumo', id: LIBRARY_ROOT_ID, nome: 'Biblioteca' },
    proprietario: { __typename: 'ProprietarioItem', id: 'u1', nome: 'Maria Montadora', email: 'montadora@portal.demo' },
    permissoesAcessoUsuarioLogado: access.map((id) => ({ __typename: 'PermissaoAcessoPasta', id, description: id })),
    permissoes: [],
    ultimaModificacao: '2026-03-01T12:00:00.000Z',
    dataCriacao: '2026-03-01T12:00:00.000Z',
    novo: false,
    arquivoLink: pasta ? null : `/api/files/f${seq}`,
    arquivoMiniaturaLink: null,
    arquivoImagem: false,
    tamanho: pasta ? null : 10,
    breadcrumb: [],
    viewerCan: {
      __typename: 'ItemBibliotecaViewerCan',
      renomear: write,
      mover: write,
      excluir: write,
      concederAcesso: write && pasta,
      baixar: !pasta,
    },
    ...rest,
  };
}

export const GROUPS: GrupoUsuariosAtivo[] = [
  { __typename: 'GrupoUsuariosAtivo', id: 'g1', nome: 'Rede Horizonte', publico: true, quantidadeUsuarios: 12 },
  { __typename: 'GrupoUsuariosAtivo', id: 'g2', nome: 'Pós-venda', publico: false, quantidadeUsuarios: 1 },
];

/** A signed-in user holding `chaves` (a library manager with PORTAL_GERENCIAR_BIBLIOTECA, a reader without). */
export function buildUser(chaves: string[] = []): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id: 'u-1',
    nome: 'Maria Montadora',
    email: 'montadora@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: chaves.length ? 'MONTADORA' : 'DEALER_GRUPO', description: 'Montadora' },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: chaves.map((chave, i) => ({ __typename: 'Funcionalidade', id: `f${i}`, chave })),
  };
}
