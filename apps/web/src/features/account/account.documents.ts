import { gql, type TypedDocumentNode } from '@apollo/client';

// Hand-written types until the web gets generated documents from the committed SDL (DESIGN §2).

export type MyAccount = {
  __typename: 'UsuarioLogado';
  id: string;
  nome: string;
  email: string;
  avatarLink: string | null;
  senhaGerenciadaPeloPortal: boolean;
};

export const MINHA_CONTA: TypedDocumentNode<{ usuarioLogado: MyAccount }, Record<string, never>> = gql`
  query MinhaConta {
    usuarioLogado {
      id
      nome
      email
      avatarLink
      senhaGerenciadaPeloPortal
    }
  }
`;

export type ChangePasswordInput = { senhaAtual: string; novaSenha: string; confirmacao: string };

export const ALTERAR_SENHA: TypedDocumentNode<{ alterarSenha: boolean }, ChangePasswordInput> = gql`
  mutation AlterarSenha($senhaAtual: String!, $novaSenha: String!, $confirmacao: String!) {
    alterarSenha(senhaAtual: $senhaAtual, novaSenha: $novaSenha, confirmacao: $confirmacao)
  }
`;
