/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
const ID = '00000000-0000-4000-8000-000000000000';

export const samples: Record<string, string> = {
  'Query.importStatus': '{ importStatus { id fileName total done progress status } }',
  'Mutation.importarSimulacao': `mutation { importarSimulacao(id: "${ID}") { id status } }`,
};
