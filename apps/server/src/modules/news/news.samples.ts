/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.novidades': '{ novidades { desde ate comunicados { totalElements } } }',
  'Mutation.marcarNovidadesVistas': 'mutation { marcarNovidadesVistas(ate: "2026-01-01T00:00:00Z") }',
};
