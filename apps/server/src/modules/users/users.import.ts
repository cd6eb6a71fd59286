import crypto from 'node:crypto';
import { type Idioma, onlyDigits, salvarUsuarioSchema, type UserType } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, requireAllowed } from '../../platform/actions.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { textArray, uuidArray } from '../../platform/sql.js';
import { type AuditEvent, recordAudits } from '../audit/audit.service.js';
import { existingBrandIds, existingDealerIds } from '../dealers/dealers.queries.js';
import { existingDealerGroupIds } from '../groups/groups.queries.js';
import { productCatalogue } from '../products/products.queries.js';
import { existingUserGroupIds } from '../user-groups/user-groups.queries.js';
import { userIdsByEmailSql } from './users.audience.js';
import { inviteUser } from './users.invitation.js';
import { type AdminScope, adminScope, editableSql, positionCatalogue, visibleSql } from './users.list.js';
import { existingDepartmentIds } from './users.queries.js';
import {
  type Grants,
  NO_RIGHTS,
  type PositionClaim,
  positionsAllowed,
  refusedByScopeAndGrants,
  samePosition,
} from './users.rules.js';
import { grantsOf, userFormRules } from './users.service.js';

// The users' part of the bulk import (docs/domains/users.md#import; design of issue 15, contract B): a chunk of
// rows checked by the wizard's rules and written in a fixed number of set-based statements.

/** One row of an import, names already resolved to ids by the import module. `undefined` = keep / default. */
export type ImportedUser = {
  rowNumber: number;
  /** Lowercased, NFC, trimmed: the key. */
  email: string;
  nome?: string;
  cpf?: string;
  tipo?: UserType;
  idioma?: Idioma;
  marcas?: string[];
  idsDealers?: string[];
  idsGrupos?: string[];
  idsGruposUsuarios?: string[];
  /** Access types: they replace the user's (whose default features come with them; decision 0026). */
  idsTiposAcesso?: string[];
  cargos?: { cargoId: string; departamentoId: string | null; dataInicio: string; dealerId: string | null }[];
  infos?: { dataAdmissao?: string | null; emailSuperior?: string | null };
};
/** A problem of a row: the form's field path (`usuario.cpf`, `cargos.0.cargoId`) and its message (an i18n key). */
export type ImportRowError = { field: string; message: string; params?: Record<string, string | number> };
export type ImportedUserOutcome =
  | { rowNumber: number; outcome: 'created' | 'updated' | 'unchanged'; userId: string }
  | { rowNumber: number; outcome: 'rejected'; errors: ImportRowError[] };

type Position = { cargoId: string; dealerId: string | null; departamentoId: string | null; dataInicio: string };

/** What the import writes, compares (unchanged rows) and audits of a user. Lists sorted. */
type UserState = {
  nome: string;
  email: string;
  cpf: string | null;
  codigos: string[];
  tipo: UserType;
  idioma: Idioma;
  telefones: string[];
  celulares: string[];
  dataAdmissao: string | null;
  emailSuperior: string | null;
  dataDesligamento: string | null;
  desligamentoId: string | null;
  idsDealers: string[];
  idsGrupos: string[];
  marcas: string[];
  idsGruposUsuarios: string[];
  idsTiposAcesso: string[];
  idsFuncionalidades: string[];
  cargos: Position[];
};

/** An existing user of the chunk as loaded, with whether the uploader sees and may edit them. */
type StoredUser = UserState & { id: string; visible: boolean; editable: boolean };

const NOT_ALLOWED = 'userImport.row.notAllowed';

/**
 * What checking a chunk loads that one import keeps for all its chunks (the form's rules and schema, the uploader's
 * scope and grants, the product and position catalogues): the caller makes one with `importSession()` per import
 * and passes it with each chunk; the first chunk loads it. Without it every chunk loads its own.
 */
export type ImportSession = { basis?: Promise<ChunkBasis> };
export const importSession = (): ImportSession => ({});

type ChunkBasis = Awaited<ReturnType<typeof loadBasis>>;

async function loadBasis(ctx: ActionContext) {
  const db = ctx.db;
  const rules = await userFormRules(db);
  const scope = await adminScope(db, ctx.actor);
  const catalogue = await productCatalogue(db);
  return {
    rules,
    schema: salvarUsuarioSchema(rules),
    scope,
    grants: await grantsOf(db, ctx.actor, catalogue),
    productOfType: new Map(catalogue.tipos.map((t) => [t.id, t.produtoId])),
    productOfFeature: new Map(catalogue.funcionalidades.map((f) => [f.id, f.produtoId])),
    uniquePositions: new Set((await positionCatalogue(db)).filter((c) => c.unico_por_dealer).map((c) => c.id)),
  };
}

/** Thrown inside a dry run's savepoint to roll it back; never leaves this module. */
class DryRunRollback extends Error {}

/**
 * Creates or updates the users of `rows` (key: e-mail) as the wizard's salvarUsuario would: the merged form
 * (existing state + the row's fields) passes salvarUsuarioSchema(rules), the scope rule and the grant rule for
 * `ctx.actor`, uniqueness of e-mail and CPF, podeAdicionarCargo for new positions. A row that fails is rejected
 * with every problem (i18n keys); the others are written in set-based statements (one per table, not one per
 * row). An unchanged row writes nothing and audits nothing. Each change is audited with action 'importar': a
 * new user's row holds `{ importacaoId, linha }` (the import and the file's row; decision 0059), an updated one's
 * antes and after the snapshots with `importacaoId`. New users get the invitation through
 * `inviteUsers` after the caller commits. `dryRun`: every check, nothing written (a savepoint rolled back), same
 * outcomes. Runs in the caller's transaction when ctx.db is one.
 */
export async function importUsers(
  ctx: ActionContext,
  rows: ImportedUser[],
  opts: { dryRun: boolean; importId: string; session?: ImportSession },
): Promise<ImportedUserOutcome[]> {
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_USUARIOS'] });
  if (!rows.length) return [];
  const session = opts.session ?? importSession();
  if (!opts.dryRun) return inTransaction(ctx, (_tx, txCtx) => importChunk(txCtx, rows, opts.importId, false, session));
  let outcomes: ImportedUserOutcome[] = [];
  try {
    await inTransaction(ctx, async (_tx, txCtx) => {
      outcomes = await importChunk(txCtx, rows, opts.importId, true, session);
      throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return outcomes;
}

/**
 * Sends the invitation to each of `userIds` (new users of an import), as salvarUsuario does for one
 * (users.invitation.ts: the embedded provider's set-password mail, audited `convidar`). Each in its own
 * transaction; a user gone since the import is skipped.
 */
export async function inviteUsers(ctx: ActionContext, userIds: string[]): Promise<void> {
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_USUARIOS'] });
  for (const userId of userIds) {
    try {
      await inviteUser(ctx, { userId });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    }
  }
}

const sorted = (values: readonly string[]) => [...new Set(values)].sort();
const byPosition = (a: Position, b: Position) =>
  a.dataInicio.localeCompare(b.dataInicio) ||
  a.cargoId.localeCompare(b.cargoId) ||
  (a.dealerId ?? '').localeCompare(b.dealerId ?? '');

/**
 * The chunk, in the transaction of `ctx`: loads, checks every row, writes the accepted ones (not on a dry run:
 * nothing after the writes reads them, so its outcomes are the same; the savepoint is rolled back all the same).
 */
async function importChunk(
  ctx: ActionContext,
  rows: ImportedUser[],
  importId: string,
  dryRun: boolean,
  session: ImportSession,
) {
  const db = ctx.db;
  if (!session.basis) {
    session.basis = loadBasis(ctx);
    session.basis.catch(() => {}); // awaited below; a failed load fails this chunk and the next ones
  }
  const { rules, schema, scope, grants, productOfType, productOfFeature, uniquePositions } = await session.basis;

  const stored = await loadStoredUsers(db, scope, [...new Set(rows.map((r) => r.email))]);
  const known = await knownIds(db, rows);
  const cpfs = [...new Set(rows.flatMap((r) => (r.cpf && onlyDigits(r.cpf).length === 11 ? [onlyDigits(r.cpf)] : [])))];
  const cpfHolders = await userIdsByCpf(db, cpfs);

  // Pass 1: each row on its own (the form's rules, the scope and grant rules, ids, CPF held by another user).
  const chunk: Chunk = { schema, scope, grants, productOfType, productOfFeature, known, cpfHolders };
  const seenEmails = new Set<string>();
  const checked: Checked[] = rows.map((row) => {
    const before = stored.get(row.email) ?? null;
    const result: Checked = { row, before, errors: new Map(), claims: [] };
    if (seenEmails.has(row.email)) {
      result.errors.set('usuario.email', 'userImport.row.duplicateEmail');
      return result;
    }
    seenEmails.add(row.email);
    // Never reveal whether a user out of reach exists: one message for invisible and not editable.
    if (before && !(before.visible && before.editable)) {
      result.errors.set('usuario.email', NOT_ALLOWED);
      return result;
    }
    checkRow(chunk, result);
    return result;
  });

  // The positions check of every new position at once.
  const claims = checked.flatMap((c) => c.claims.map((x) => x.claim));
  const allowed = await positionsAllowed(db, scope, rules, claims);

  // Pass 2, in row order: positions, then what earlier accepted rows of this call took (a CPF, a position held by
  // one user per dealer).
  const cpfsTaken = new Set<string>();
  const positionsTaken = new Set<string>();
  const outcomes: ImportedUserOutcome[] = [];
  const created: { id: string; rowNumber: number; state: UserState }[] = [];
  const updated: { id: string; before: StoredUser; state: UserState }[] = [];
  let n = 0;
  for (const c of checked) {
    const slot = (claim: PositionClaim) => `${claim.cargoId}|${claim.dealerId}`;
    for (const { index, claim } of c.claims) {
      const ok = allowed[n++];
      const takenHere = uniquePositions.has(claim.cargoId) && claim.dealerId && positionsTaken.has(slot(claim));
      if (!ok || takenHere) c.errors.set(`cargos.${index}.cargoId`, 'users.positionNotAllowed');
    }
    const next = c.next;
    if (next?.cpf && cpfsTaken.has(next.cpf) && !c.errors.has('usuario.cpf'))
      c.errors.set('usuario.cpf', 'users.cpfTaken');
    if (c.errors.size || !next) {
      const errors = [...c.errors].map(([field, message]) => ({ field, message }));
      outcomes.push({ rowNumber: c.row.rowNumber, outcome: 'rejected', errors });
      continue;
    }
    if (next.cpf) cpfsTaken.add(next.cpf);
    for (const { claim } of c.claims)
      if (uniquePositions.has(claim.cargoId) && claim.dealerId) positionsTaken.add(slot(claim));
    if (!c.before) {
      const id = crypto.randomUUID();
      created.push({ id, rowNumber: c.row.rowNumber, state: next });
      outcomes.push({ rowNumber: c.row.rowNumber, outcome: 'created', userId: id });
    } else if (sameState(stateOf(c.before), next)) {
      outcomes.push({ rowNumber: c.row.rowNumber, outcome: 'unchanged', userId: c.before.id });
    } else {
      updated.push({ id: c.before.id, before: c.before, state: next });
      outcomes.push({ rowNumber: c.row.rowNumber, outcome: 'updated', userId: c.before.id });
    }
  }

  if (dryRun) return outcomes;
  await writeUsers(db, created, updated);
  const audit = (id: string, state: UserState) => ({ id, ...state, importacaoId: importId });
  await recordAudits(db, [
    // A new user's row names the import and the file's row it came from, not the whole snapshot (decision 0059):
    // the snapshot was most of PostgreSQL's time on a bulk import's audit rows.
    ...created.map(
      (u): AuditEvent => ({
        actorId: actorId(ctx),
        entity: 'usuario',
        entityId: u.id,
        action: 'importar',
        after: { importacaoId: importId, linha: u.rowNumber },
      }),
    ),
    ...updated.map(
      (u): AuditEvent => ({
        actorId: actorId(ctx),
        entity: 'usuario',
        entityId: u.id,
        action: 'importar',
        before: { id: u.id, ...stateOf(u.before) },
        after: audit(u.id, u.state),
      }),
    ),
  ]);
  return outcomes;
}

/** What checking a row needs, loaded once per chunk. */
type Chunk = {
  schema: ReturnType<typeof salvarUsuarioSchema>;
  scope: AdminScope;
  grants: Grants;
  productOfType: Map<string, string>;
  productOfFeature: Map<string, string>;
  known: Awaited<ReturnType<typeof knownIds>>;
  cpfHolders: Map<string, string>;
};
/** A row being checked: its problems so far, the state it leads to (when its form is valid), its new positions. */
type Checked = {
  row: ImportedUser;
  before: StoredUser | null;
  errors: Map<string, string>;
  next?: UserState;
  claims: { index: number; claim: PositionClaim }[];
};

/**
 * Checks one row on its own (visible and editable user already): merges it over the user's state into the
 * wizard's form, parses it with the wizard's schema, applies the scope and grant rules and the ids' existence,
 * and when the form is valid the CPF's holder; fills `checked.errors`, `checked.next` and `checked.claims`.
 */
function checkRow(chunk: Chunk, checked: Checked): void {
  const { schema, scope, grants, productOfType, productOfFeature, known, cpfHolders } = chunk;
  const { row, before, errors } = checked;
  const idsDealers = row.idsDealers ?? before?.idsDealers ?? [];
  const idsTiposAcesso = row.idsTiposAcesso ?? before?.idsTiposAcesso ?? [];
  const idsFuncionalidades = before?.idsFuncionalidades ?? [];
  // Taking a dealer out takes its positions, as in the wizard.
  const cargos = row.cargos ?? (before?.cargos ?? []).filter((c) => !c.dealerId || idsDealers.includes(c.dealerId));
  const byProduct = new Map<string, { idProduto: string; idsTiposAcesso: string[]; idsFuncionalidades: string[] }>();
  const entry = (idProduto: string) => {
    const found = byProduct.get(idProduto) ?? { idProduto, idsTiposAcesso: [], idsFuncionalidades: [] };
    byProduct.set(idProduto, found);
    return found;
  };
  for (const t of idsTiposAcesso) {
    const produto = productOfType.get(t);
    if (produto) entry(produto).idsTiposAcesso.push(t);
    else errors.set('usuario.produtos', 'validation.invalid');
  }
  for (const f of idsFuncionalidades) {
    const produto = productOfFeature.get(f);
    if (produto) entry(produto).idsFuncionalidades.push(f);
  }
  const form = {
    usuario: {
      id: before?.id ?? null,
      nome: row.nome ?? before?.nome,
      email: row.email,
      cpf: row.cpf ?? before?.cpf ?? null,
      codigos: before?.codigos ?? [],
      tipo: row.tipo ?? before?.tipo,
      idioma: row.idioma ?? before?.idioma ?? null,
      idsDealers,
      marcas: row.marcas ?? before?.marcas ?? [],
      telefones: before?.telefones ?? [],
      celulares: before?.celulares ?? [],
      idsGrupos: row.idsGrupos ?? before?.idsGrupos ?? [],
      idsGruposUsuarios: row.idsGruposUsuarios ?? before?.idsGruposUsuarios ?? [],
      produtos: [...byProduct.values()],
    },
    cargos,
    infos: {
      dataAdmissao: row.infos?.dataAdmissao !== undefined ? row.infos.dataAdmissao : (before?.dataAdmissao ?? null),
      emailSuperior: row.infos?.emailSuperior !== undefined ? row.infos.emailSuperior : (before?.emailSuperior ?? null),
      dataDesligamento: before?.dataDesligamento ?? null,
      desligamentoId: before?.desligamentoId ?? null,
    },
  };

  const parsed = schema.safeParse(form);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.') || 'usuario';
      if (!errors.has(field)) errors.set(field, issue.message);
    }
  }
  const tipo = parsed.success ? parsed.data.usuario.tipo : (form.usuario.tipo ?? null);
  const rights = {
    tipo,
    idsDealers: sorted(form.usuario.idsDealers),
    idsGrupos: sorted(form.usuario.idsGrupos),
    idsTiposAcesso: sorted(idsTiposAcesso),
    idsFuncionalidades: sorted(idsFuncionalidades),
  };
  for (const field of refusedByScopeAndGrants(scope, grants, before?.id ?? null, before ?? NO_RIGHTS, rights)) {
    if (!errors.has(field)) errors.set(field, NOT_ALLOWED);
  }
  // Each id the row names exists (the user's current links do).
  const unknown: [string, readonly string[] | undefined, Set<string>][] = [
    ['usuario.idsDealers', row.idsDealers, known.dealers],
    ['usuario.idsGrupos', row.idsGrupos, known.grupos],
    ['usuario.marcas', row.marcas, known.marcas],
    ['usuario.idsGruposUsuarios', row.idsGruposUsuarios, known.gruposUsuarios],
    ['cargos', row.cargos?.flatMap((c) => (c.departamentoId ? [c.departamentoId] : [])), known.departamentos],
  ];
  for (const [field, ids, existing] of unknown) {
    if (!errors.has(field) && ids?.some((id) => !existing.has(id))) errors.set(field, 'validation.invalid');
  }
  if (!parsed.success) return;

  const { usuario, infos } = parsed.data;
  if (usuario.cpf && (cpfHolders.get(usuario.cpf) ?? before?.id) !== before?.id)
    errors.set('usuario.cpf', 'users.cpfTaken');
  const positions = parsed.data.cargos
    .map((c) => ({
      cargoId: c.cargoId,
      dealerId: c.dealerId,
      departamentoId: c.departamentoId,
      dataInicio: c.dataInicio,
    }))
    .sort(byPosition);
  parsed.data.cargos.forEach((c, index) => {
    if (!(before?.cargos ?? []).some((k) => samePosition(k, c)))
      checked.claims.push({
        index,
        claim: { usuarioId: before?.id ?? null, tipoUsuario: usuario.tipo, cargoId: c.cargoId, dealerId: c.dealerId },
      });
  });
  checked.next = {
    nome: usuario.nome,
    email: usuario.email,
    cpf: usuario.cpf,
    codigos: usuario.codigos,
    tipo: usuario.tipo,
    idioma: usuario.idioma ?? 'PT_BR',
    telefones: usuario.telefones,
    celulares: usuario.celulares,
    dataAdmissao: infos?.dataAdmissao ?? null,
    emailSuperior: infos?.emailSuperior ?? null,
    dataDesligamento: infos?.dataDesligamento ?? null,
    desligamentoId: infos?.desligamentoId ?? null,
    idsDealers: sorted(usuario.idsDealers),
    idsGrupos: sorted(usuario.idsGrupos),
    marcas: sorted(usuario.marcas),
    idsGruposUsuarios: sorted(usuario.idsGruposUsuarios),
    idsTiposAcesso: sorted(usuario.produtos.flatMap((p) => p.idsTiposAcesso)),
    idsFuncionalidades: sorted(usuario.produtos.flatMap((p) => p.idsFuncionalidades)),
    cargos: positions,
  };
}

/** The state part of a stored user (without id and the scope flags). */
function stateOf(user: StoredUser): UserState {
  const { id: _id, visible: _v, editable: _e, ...state } = user;
  return state;
}

/** Whether two states are the same (every field, in a fixed order; lists are sorted already). */
const sameState = (a: UserState, b: UserState) => {
  const canonical = (x: UserState) =>
    JSON.stringify([
      ...STATE_FIELDS.map((k) => x[k]),
      x.cargos.map((c) => [c.cargoId, c.dealerId, c.departamentoId, c.dataInicio]),
    ]);
  return canonical(a) === canonical(b);
};
const STATE_FIELDS = [
  'nome',
  'email',
  'cpf',
  'codigos',
  'tipo',
  'idioma',
  'telefones',
  'celulares',
  'dataAdmissao',
  'emailSuperior',
  'dataDesligamento',
  'desligamentoId',
  'idsDealers',
  'idsGrupos',
  'marcas',
  'idsGruposUsuarios',
  'idsTiposAcesso',
  'idsFuncionalidades',
] as const satisfies readonly (keyof UserState)[];

/**
 * The users of `emails` (one statement, rows locked) with their links and whether the uploader sees and edits them.
 * One index probe per e-mail: `email = ANY(emails)` is planned as if every e-mail existed, and once an import has
 * grown the table past its statistics that plan is a sequential scan of every user per chunk (10 s of a 50,000-row
 * import's 18; docs/benchmarks.md#user-import).
 */
async function loadStoredUsers(db: DbOrTx, scope: AdminScope, emails: string[]) {
  const ids = (table: string, column: string) =>
    sql.raw(`ARRAY(SELECT ${column}::text FROM ${table} WHERE usuario_id = u.id ORDER BY 1)`);
  const rows = (
    await db.execute(sql`SELECT u.id::text AS id, u.email::text AS email, u.nome, u.cpf, u.codigos, u.tipo, u.idioma,
        u.telefones, u.celulares, u.data_admissao::text AS "dataAdmissao", u.email_superior::text AS "emailSuperior",
        u.data_desligamento::text AS "dataDesligamento", u.desligamento_id::text AS "desligamentoId",
        ${visibleSql(scope)} AS visible, ${editableSql(scope)} AS editable,
        ${ids('usuario_dealer', 'dealer_id')} AS "idsDealers",
        ${ids('usuario_grupo', 'grupo_id')} AS "idsGrupos",
        ${ids('usuario_marca', 'marca_id')} AS marcas,
        ${ids('usuario_grupo_usuarios', 'grupo_usuarios_id')} AS "idsGruposUsuarios",
        ${ids('usuario_tipo_acesso', 'tipo_acesso_id')} AS "idsTiposAcesso",
        ${ids('usuario_funcionalidade', 'funcionalidade_id')} AS "idsFuncionalidades",
        coalesce((SELECT json_agg(json_build_object('cargoId', uc.cargo_id, 'dealerId', uc.dealer_id,
                    'departamentoId', uc.departamento_id, 'dataInicio', uc.data_inicio::text))
                  FROM usuario_cargo uc WHERE uc.usuario_id = u.id), '[]'::json) AS cargos
      FROM usuario u WHERE u.id = ANY(ARRAY(${userIdsByEmailSql(emails)}))
      FOR UPDATE OF u`)
  ).rows as (StoredUser & { cargos: Position[] | string })[];
  const byEmail = new Map<string, StoredUser>();
  for (const row of rows) {
    const cargos = (typeof row.cargos === 'string' ? JSON.parse(row.cargos) : row.cargos) as Position[];
    byEmail.set(row.email.toLowerCase(), { ...row, cargos: [...cargos].sort(byPosition) });
  }
  return byEmail;
}

/** The ids the rows name that exist, by kind: one statement per kind for the whole chunk. */
async function knownIds(db: DbOrTx, rows: ImportedUser[]) {
  const all = (pick: (r: ImportedUser) => readonly string[] | undefined) => [
    ...new Set(rows.flatMap((r) => pick(r) ?? [])),
  ];
  const load = async (ids: string[], existing: (db: DbOrTx, ids: readonly string[]) => Promise<string[]>) =>
    new Set(ids.length ? await existing(db, ids) : []);
  return {
    dealers: await load(
      all((r) => r.idsDealers),
      existingDealerIds,
    ),
    grupos: await load(
      all((r) => r.idsGrupos),
      existingDealerGroupIds,
    ),
    marcas: await load(
      all((r) => r.marcas),
      existingBrandIds,
    ),
    gruposUsuarios: await load(
      all((r) => r.idsGruposUsuarios),
      existingUserGroupIds,
    ),
    departamentos: await load(
      all((r) => r.cargos?.flatMap((c) => (c.departamentoId ? [c.departamentoId] : []))),
      existingDepartmentIds,
    ),
  };
}

/** Who holds each of `cpfs` (digits), in one statement. */
async function userIdsByCpf(db: DbOrTx, cpfs: string[]): Promise<Map<string, string>> {
  if (!cpfs.length) return new Map();
  const rows = (await db.execute(sql`SELECT cpf, id::text AS id FROM usuario WHERE cpf = ANY(${textArray(cpfs)})`))
    .rows as { cpf: string; id: string }[];
  return new Map(rows.map((r) => [r.cpf, r.id]));
}

const quoted = (v: string) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
/** An array parameter whose elements may be null (`textArray` quotes every element), cast to `type`. */
const nullableArray = (values: readonly (string | null)[], type: string): SQL =>
  sql`${`{${values.map((v) => (v === null ? 'NULL' : quoted(v))).join(',')}}`}::${sql.raw(type)}`;
/** A text[] parameter of text[] values, each element the literal of one array (`v.x::text[]` reads it back). */
const arraysArray = (values: readonly string[][]) =>
  nullableArray(
    values.map((list) => `{${list.map(quoted).join(',')}}`),
    'text[]',
  );
const textList = (column: string) => sql.raw(`v.${column}::text[]`);

/** The link tables the import replaces: table, target column, the state's list. */
const LINK_TABLES = [
  ['usuario_dealer', 'dealer_id', 'idsDealers'],
  ['usuario_grupo', 'grupo_id', 'idsGrupos'],
  ['usuario_marca', 'marca_id', 'marcas'],
  ['usuario_grupo_usuarios', 'grupo_usuarios_id', 'idsGruposUsuarios'],
  ['usuario_tipo_acesso', 'tipo_acesso_id', 'idsTiposAcesso'],
  ['usuario_funcionalidade', 'funcionalidade_id', 'idsFuncionalidades'],
] as const;

/**
 * Writes the chunk: one INSERT of the new users, one UPDATE of the changed ones (`versao` moves), then per link
 * table one DELETE of the changed users' links and one INSERT of every written user's links, each from arrays
 * (unnest), whatever the number of rows.
 */
async function writeUsers(
  db: DbOrTx,
  created: { id: string; state: UserState }[],
  updated: { id: string; state: UserState }[],
) {
  const columns = (users: { id: string; state: UserState }[]) => {
    const s = users.map((u) => u.state);
    return sql`unnest(${uuidArray(users.map((u) => u.id))}, ${textArray(s.map((x) => x.nome))},
        ${textArray(s.map((x) => x.email))}, ${nullableArray(
          s.map((x) => x.cpf),
          'text[]',
        )}, ${arraysArray(s.map((x) => x.codigos))},
        ${textArray(s.map((x) => x.tipo))}, ${textArray(s.map((x) => x.idioma))}, ${arraysArray(s.map((x) => x.telefones))},
        ${arraysArray(s.map((x) => x.celulares))}, ${nullableArray(
          s.map((x) => x.dataAdmissao),
          'date[]',
        )}, ${nullableArray(
          s.map((x) => x.emailSuperior),
          'text[]',
        )},
        ${nullableArray(
          s.map((x) => x.dataDesligamento),
          'date[]',
        )}, ${nullableArray(
          s.map((x) => x.desligamentoId),
          'uuid[]',
        )})
      AS v(id, nome, email, cpf, codigos, tipo, idioma, telefones, celulares, data_admissao, email_superior,
           data_desligamento, desligamento_id)`;
  };
  if (created.length)
    await db.execute(sql`INSERT INTO usuario (id, nome, email, cpf, codigos, tipo, idioma, telefones, celulares,
        data_admissao, email_superior, data_desligamento, desligamento_id)
      SELECT v.id, v.nome, v.email, v.cpf, ${textList('codigos')}, v.tipo, v.idioma, ${textList('telefones')},
        ${textList('celulares')}, v.data_admissao, v.email_superior, v.data_desligamento, v.desligamento_id
      FROM ${columns(created)}`);
  if (updated.length) {
    await db.execute(sql`UPDATE usuario u SET nome = v.nome, email = v.email, cpf = v.cpf,
        codigos = ${textList('codigos')}, tipo = v.tipo, idioma = v.idioma, telefones = ${textList('telefones')},
        celulares = ${textList('celulares')}, data_admissao = v.data_admissao, email_superior = v.email_superior,
        data_desligamento = v.data_desligamento, desligamento_id = v.desligamento_id, versao = now()
      FROM ${columns(updated)} WHERE u.id = v.id`);
    const ids = uuidArray(updated.map((u) => u.id));
    for (const [table] of [...LINK_TABLES, ['usuario_cargo']])
      await db.execute(sql`DELETE FROM ${sql.raw(table)} WHERE usuario_id = ANY(${ids})`);
  }
  const written = [...created, ...updated];
  for (const [table, column, list] of LINK_TABLES) {
    const pairs = written.flatMap((u) => u.state[list].map((target) => [u.id, target] as const));
    if (pairs.length)
      await db.execute(sql`INSERT INTO ${sql.raw(table)} (usuario_id, ${sql.raw(column)})
        SELECT * FROM unnest(${uuidArray(pairs.map((p) => p[0]))}, ${uuidArray(pairs.map((p) => p[1]))})`);
  }
  const positions = written.flatMap((u) => u.state.cargos.map((c) => ({ usuarioId: u.id, ...c })));
  if (positions.length)
    await db.execute(sql`INSERT INTO usuario_cargo (usuario_id, cargo_id, dealer_id, departamento_id, data_inicio)
      SELECT * FROM unnest(${uuidArray(positions.map((p) => p.usuarioId))}, ${uuidArray(positions.map((p) => p.cargoId))},
        ${nullableArray(
          positions.map((p) => p.dealerId),
          'uuid[]',
        )}, ${nullableArray(
          positions.map((p) => p.departamentoId),
          'uuid[]',
        )},
        ${nullableArray(
          positions.map((p) => p.dataInicio),
          'date[]',
        )})`);
}
