import type { AlterarSenhaMutationVariables } from './account.generated';

// The account screen's documents are in account.graphql; their types are generated (account.generated.ts).
export { AlterarSenhaDocument as ALTERAR_SENHA, MinhaContaDocument as MINHA_CONTA } from './account.generated';

export type ChangePasswordInput = AlterarSenhaMutationVariables;
