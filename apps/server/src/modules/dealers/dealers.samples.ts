/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
const ID = '00000000-0000-4000-8000-000000000000';
const DEALER = `{ nome: "Concessionária Exemplo Ltda", nomeExibicao: "Exemplo", cnpj: "11.444.777/0001-61",
  cnpjsAdicionais: [], codigoPrincipal: "X1", codigosAdicionais: [], grupoId: "${ID}", marcaIds: [], produtoIds: [],
  dadosComplementares: [], contatos: [] }`;

export const samples: Record<string, string> = {
  'Query.dealers': '{ dealers(busca: "a") { totalElements content { id nome cnpj } } }',
  'Query.dealer': `{ dealer(id: "${ID}") { id nome usuarios { id } } }`,
  'Query.opcoesDealer': '{ opcoesDealer { grupos { id } marcas { id } produtos { id } } }',
  'Query.marcas': '{ marcas { totalElements content { id descricao } } }',
  'Query.impactoInativacaoMarca': `{ impactoInativacaoMarca(id: "${ID}") { dealersDesvinculados dealersInativados } }`,
  'Mutation.salvarDealer': `mutation { salvarDealer(dealer: ${DEALER}) { id } }`,
  'Mutation.ativarDealer': `mutation { ativarDealer(id: "${ID}") { id } }`,
  'Mutation.inativarDealer': `mutation { inativarDealer(id: "${ID}") { id } }`,
  'Mutation.salvarMarca': 'mutation { salvarMarca(marca: { descricao: "Nova" }) { id } }',
  'Mutation.ativarMarca': `mutation { ativarMarca(id: "${ID}") { id } }`,
  'Mutation.inativarMarca': `mutation { inativarMarca(id: "${ID}") { dealersInativados } }`,
  'Mutation.sincronizarDealers': 'mutation { sincronizarDealers { alteracoes itens { tipo quantidade } } }',
};
