/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.produtos': '{ produtos { id nome tiposAcesso { nome funcionalidadesPadrao { chave } } } }',
  'Mutation.editarProduto':
    'mutation { editarProduto(id: "00000000-0000-4000-8000-000000000000", baseUriHomolog: "https://x.example") { id baseUriHomolog } }',
};
