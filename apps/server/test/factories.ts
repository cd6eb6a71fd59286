import crypto from 'node:crypto';
import {
  type CreateUserInput,
  cnpjWithCheckDigits,
  type DealerGroupInput,
  type DealerInput,
  type UserGroupInput,
} from '@portal/domain';
import { createDealer as createDealerAction } from '../src/modules/dealers/dealers.service.js';
import { createDealerGroup as createDealerGroupAction } from '../src/modules/groups/groups.service.js';
import { createUserGroup as createUserGroupAction } from '../src/modules/user-groups/user-groups.service.js';
import { userDirectory } from '../src/modules/users/users.directory.js';
import { createUser as createUserAction } from '../src/modules/users/users.service.js';
import { type ActionContext, systemContext } from '../src/platform/actions.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import type { Services } from '../src/platform/services.js';

/**
 * Test data through the real creation actions (validation, uniqueness, audit), never raw inserts: a
 * test states only what matters to it and gets sensible, unique defaults for the rest. The first
 * argument is a running portal (the system acts) or an `ActionContext` (e.g. `contextOf(portal, email)`
 * to act as a given user).
 */
type On = { services: Services } | ActionContext;

const ctxOf = (on: On): ActionContext => ('services' in on ? systemContext(on.services) : on);

// Unique per test process: a random run prefix and a counter.
const run = crypto.randomBytes(3).toString('hex');
let sequence = 0;
const unique = () => `${run}${++sequence}`;
// CNPJ roots far from the demo's (11222333…), random per process, then counted.
let cnpjRoot = 20_000_000 + crypto.randomInt(70_000_000);

/** The action context of a demo or test user (by e-mail), to create things as that user. */
export async function contextOf(portal: { services: Services }, email: string): Promise<ActionContext> {
  const found = await userDirectory.findByEmail(portal.services.db, email);
  const actor = found && (await userDirectory.currentUser(portal.services.database, found.id));
  if (!actor) throw new Error(`no active user ${email}`);
  return { ...portal.services, actor };
}

/** A fresh, valid CNPJ (digits), unique in this test process. */
export const freshCnpj = () => cnpjWithCheckDigits(`${String(cnpjRoot++).padStart(8, '0')}0001`);

/** Creates a dealer group (`createDealerGroup`); default: a unique name. */
export async function createDealerGroup(on: On, input: Partial<DealerGroupInput> = {}) {
  const data = { nome: `Grupo Teste ${unique()}`, ...input };
  return { ...data, ...(await createDealerGroupAction(ctxOf(on), data)) };
}

/**
 * Creates a dealer (`createDealer`); defaults: a unique corporate name, CNPJ and code, and a new dealer
 * group of its own.
 */
export async function createDealer(on: On, input: Partial<DealerInput> = {}) {
  const n = unique();
  const grupoId = input.grupoId ?? (await createDealerGroup(on)).id;
  const data = {
    nome: `Concessionária Teste ${n} Ltda`,
    nomeExibicao: `Teste ${n}`,
    cnpj: freshCnpj(),
    codigoPrincipal: `T${n}`,
    ...input,
    grupoId,
  };
  return { ...data, ...(await createDealerAction(ctxOf(on), data)) };
}

/** Creates a user group (`createUserGroup`); defaults: a unique name, private, active. */
export async function createUserGroup(on: On, input: Partial<UserGroupInput> = {}) {
  const data = { nome: `Grupo de usuários ${unique()}`, ...input };
  return { ...data, ...(await createUserGroupAction(ctxOf(on), data)) };
}

/**
 * Creates a user (`createUser`); defaults: a unique name and e-mail, type MONTADORA (a DEALER_GRUPO
 * user needs `idsDealers`), Portuguese, active, no links. `password` is hashed into a password at the
 * embedded provider, so the user can sign in with it.
 */
export async function createUser(on: On, input: Partial<CreateUserInput> & { password?: string } = {}) {
  const { password, ...rest } = input;
  const n = unique();
  const data = { nome: `Usuário Teste ${n}`, email: `usuario-${n}@teste.demo`, tipo: 'MONTADORA' as const, ...rest };
  const senhaHash = password ? await hashPassword(password) : null;
  return { ...data, ...(await createUserAction(ctxOf(on), { ...data, senhaHash })) };
}
