import type { ModuleSeed } from '../../platform/module.js';
import { dealerGroupIdsByName } from './groups.queries.js';
import { createDealerGroup } from './groups.service.js';

/** The demo's dealer groups, by name. */
export const DEMO_DEALER_GROUPS = ['Grupo Horizonte', 'Grupo Litoral'] as const;

/** The demo's dealer groups, created through `createDealerGroup` when missing. */
export const groupsSeed: ModuleSeed = {
  async run(ctx) {
    const existing = await dealerGroupIdsByName(ctx.db, DEMO_DEALER_GROUPS);
    for (const nome of DEMO_DEALER_GROUPS) if (!existing[nome]) await createDealerGroup(ctx, { nome });
  },
};
