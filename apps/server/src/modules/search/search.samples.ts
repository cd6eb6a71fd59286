/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.buscaGlobal': '{ buscaGlobal(texto: "ab") { tipo total itens { id titulo rota } } }',
};
