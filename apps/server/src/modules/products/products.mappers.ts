import type { dadoComplementar, funcionalidade, produto, tipoAcesso } from './products.tables.js';

/**
 * What resolvers hand to GraphQL for these types (graphql-codegen `mappers`): the rows, whose list
 * fields (tiposAcesso, funcionalidades, produto...) are filled by products.loaders.ts.
 */
export type ProdutoRow = typeof produto.$inferSelect;
export type TipoAcessoRow = typeof tipoAcesso.$inferSelect;
export type FuncionalidadeRow = Pick<typeof funcionalidade.$inferSelect, 'id' | 'chave' | 'nome' | 'produtoId'>;
export type DadoComplementarRow = Pick<
  typeof dadoComplementar.$inferSelect,
  'id' | 'tipo' | 'descricao' | 'urlBase' | 'ordem' | 'produtoId'
> & { funcionalidades: FuncionalidadeRow[] };
