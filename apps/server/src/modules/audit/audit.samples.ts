/** One valid document per root field of the module: the deny tests run each (test/api.test.ts). */
export const samples: Record<string, string> = {
  'Query.auditoria': '{ auditoria(entidade: "usuario", entidadeId: "x") { totalElements } }',
  'Query.buscaAuditoria': '{ buscaAuditoria(entidade: "usuario") { totalElements content { diferencas { campo } } } }',
  'Query.emailsEnviados': '{ emailsEnviados { id } }',
};
