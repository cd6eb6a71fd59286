import type { UsuarioLogado } from '../../generated/graphql.js';
import type { FuncionalidadeRow } from '../products/products.mappers.js';

/**
 * The signed-in user as `usuarioLogado` resolves it: everything but the complementary data, which its own field
 * resolver reads only when a query asks for it (the shell does not), and the features as rows (with their product).
 */
export type LoggedUserModel = Omit<UsuarioLogado, 'dadosComplementares' | 'funcionalidades'> & {
  funcionalidades: FuncionalidadeRow[];
};
