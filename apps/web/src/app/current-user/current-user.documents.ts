import type { SignedInUserFieldsFragment } from './current-user.generated';

// The signed-in user's documents are in current-user.graphql; their types are generated
// (current-user.generated.ts).
export {
  FrameDocument as FRAME,
  MudarLinguaUsuarioDocument as MUDAR_LINGUA_USUARIO,
  UsuarioLogadoDocument as USUARIO_LOGADO,
} from './current-user.generated';

/** The signed-in user, as the frame loads it before any screen renders. */
export type SignedInUser = SignedInUserFieldsFragment;
