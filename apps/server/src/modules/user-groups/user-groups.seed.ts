import type { ModuleSeed } from '../../platform/module.js';
import { userGroupIdsByName } from './user-groups.queries.js';
import { createUserGroup } from './user-groups.service.js';

/** The demo's user groups: one per dealer network, a public after-sales group and marketing. */
const DEMO_USER_GROUPS = [
  { nome: 'Rede Horizonte', publico: false },
  { nome: 'Rede Litoral', publico: false },
  { nome: 'Pós-venda', publico: true },
  { nome: 'Marketing', publico: false },
];

/** The demo's user groups, created through `createUserGroup` when missing. */
export const userGroupsSeed: ModuleSeed = {
  async run(ctx) {
    const existing = await userGroupIdsByName(
      ctx.db,
      DEMO_USER_GROUPS.map((g) => g.nome),
    );
    for (const group of DEMO_USER_GROUPS) if (!existing[group.nome]) await createUserGroup(ctx, group);
  },
};
