import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Idioma, UserType } from '@portal/domain';

// Hand-written types until the web gets generated documents from the committed SDL (DESIGN §2).

export type SignedInUser = {
  __typename: 'UsuarioLogado';
  id: string;
  nome: string;
  email: string;
  tipo: { __typename: 'TipoUsuario'; id: UserType; description: string };
  idioma: { __typename: 'Idioma'; id: Idioma; description: string };
  avatarLink: string | null;
  funcionalidades: { __typename: 'Funcionalidade'; id: string; chave: string }[];
};

const SIGNED_IN_USER_FIELDS = gql`
  fragment SignedInUserFields on UsuarioLogado {
    id
    nome
    email
    tipo {
      id
      description
    }
    idioma {
      id
      description
    }
    avatarLink
    funcionalidades {
      id
      chave
    }
  }
`;

export const USUARIO_LOGADO: TypedDocumentNode<{ usuarioLogado: SignedInUser }, Record<string, never>> = gql`
  query UsuarioLogado {
    usuarioLogado {
      ...SignedInUserFields
    }
  }
  ${SIGNED_IN_USER_FIELDS}
`;

export const MUDAR_LINGUA_USUARIO: TypedDocumentNode<
  { mudarLinguaUsuario: SignedInUser },
  { id: string; idioma: Idioma }
> = gql`
  mutation MudarLinguaUsuario($id: ID!, $idioma: IdiomaId!) {
    mudarLinguaUsuario(id: $id, idioma: $idioma) {
      ...SignedInUserFields
    }
  }
  ${SIGNED_IN_USER_FIELDS}
`;
