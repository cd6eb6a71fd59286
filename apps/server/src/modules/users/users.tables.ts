import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citext } from '../../platform/db-types.js';
import { dealer, marca } from '../dealers/dealers.tables.js';
import { grupo } from '../groups/groups.tables.js';
import { dadoComplementar, funcionalidade, tipoAcesso } from '../products/products.tables.js';
import { grupoUsuarios } from '../user-groups/user-groups.tables.js';

/** A person who signs in. `tipo` is a UserType; `idioma` an Idioma (packages/domain). */
export const usuario = pgTable(
  'usuario',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    /** The name without case and accents, kept by the database: searching and sorting users by name use it. */
    nomeBusca: text('nome_busca').notNull().generatedAlwaysAs(sql`immutable_unaccent(lower(nome))`),
    email: citext('email').notNull().unique(),
    /** Subject at the identity provider (the name comes from the original Keycloak-based portal). */
    keycloakId: text('keycloak_id').unique(),
    active: boolean('active').notNull().default(true),
    especial: boolean('especial').notNull().default(false),
    ativacaoEspecial: boolean('ativacao_especial').notNull().default(false),
    cpf: text('cpf').unique(),
    telefones: text('telefones').array().notNull().default([]),
    celulares: text('celulares').array().notNull().default([]),
    codigos: text('codigos').array().notNull().default([]),
    tipo: text('tipo').notNull(),
    idioma: text('idioma').notNull().default('PT_BR'),
    avatarLink: text('avatar_link'),
    /** Argon2id hash for the embedded provider; null when the user signs in elsewhere. */
    senhaHash: text('senha_hash'),
    /** Bumped on every change of rights; sessions compare it to drop stale caches. */
    versao: timestamp('versao', { withTimezone: true }).notNull().defaultNow(),
    ultimoAcesso: timestamp('ultimo_acesso', { withTimezone: true }),
    /** The sign-in before the last one (null: none yet): what "new since your last visit" compares with. */
    acessoAnterior: timestamp('acesso_anterior', { withTimezone: true }),
    /**
     * When an administrator last reactivated the user (null: never): the inactivity sweep counts the idle
     * period from the latest of creation, last access and this (users.inactivity.ts).
     */
    ativadoEm: timestamp('ativado_em', { withTimezone: true }),
    dataAdmissao: date('data_admissao'),
    emailSuperior: citext('email_superior'),
    dataDesligamento: date('data_desligamento'),
    /** The reason of the dismissal (docs/domains/users.md#management-data); set with dataDesligamento. */
    desligamentoId: uuid('desligamento_id').references(() => desligamento.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Users by name (a user group's members, in order) and searched by any part of name or e-mail.
    index('usuario_nome_busca_idx').on(t.nomeBusca, t.id),
    index('usuario_nome_trgm_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
    index('usuario_email_trgm_idx').using('gin', sql`lower(${t.email}::text) gin_trgm_ops`),
    // The administration's list walks these in its sort's order and stops after a page (users.list.ts):
    // by e-mail, type and name, last access (never = the oldest), creation.
    index('usuario_email_lower_idx').on(sql`lower(${t.email}::text)`, t.id),
    index('usuario_tipo_nome_idx').on(t.tipo, t.nomeBusca, t.id),
    index('usuario_ultimo_acesso_idx').on(t.ultimoAcesso.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('usuario_created_at_idx').on(t.createdAt, t.id),
  ],
);

/* Links of a user (docs/domains/users.md#links-of-a-user): one table per kind, (usuario_id, target) primary key. */
export const usuarioMarca = pgTable(
  'usuario_marca',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    marcaId: uuid('marca_id')
      .notNull()
      .references(() => marca.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.marcaId] }), index('usuario_marca_target_idx').on(t.marcaId)],
);

export const usuarioGrupo = pgTable(
  'usuario_grupo',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    grupoId: uuid('grupo_id')
      .notNull()
      .references(() => grupo.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.grupoId] }), index('usuario_grupo_target_idx').on(t.grupoId)],
);

export const usuarioDealer = pgTable(
  'usuario_dealer',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealer.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.dealerId] }), index('usuario_dealer_target_idx').on(t.dealerId)],
);

export const usuarioTipoAcesso = pgTable(
  'usuario_tipo_acesso',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    tipoAcessoId: uuid('tipo_acesso_id')
      .notNull()
      .references(() => tipoAcesso.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.tipoAcessoId] }),
    index('usuario_tipo_acesso_target_idx').on(t.tipoAcessoId),
  ],
);

export const usuarioFuncionalidade = pgTable(
  'usuario_funcionalidade',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    funcionalidadeId: uuid('funcionalidade_id')
      .notNull()
      .references(() => funcionalidade.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.funcionalidadeId] }),
    index('usuario_funcionalidade_target_idx').on(t.funcionalidadeId),
  ],
);

export const usuarioGrupoUsuarios = pgTable(
  'usuario_grupo_usuarios',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    grupoUsuariosId: uuid('grupo_usuarios_id')
      .notNull()
      .references(() => grupoUsuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.grupoUsuariosId] }),
    index('usuario_grupo_usuarios_target_idx').on(t.grupoUsuariosId),
  ],
);

export const usuarioDadoComplementar = pgTable(
  'usuario_dado_complementar',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    dadoComplementarId: uuid('dado_complementar_id')
      .notNull()
      .references(() => dadoComplementar.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.dadoComplementarId] }),
    index('usuario_dado_complementar_target_idx').on(t.dadoComplementarId),
  ],
);

/** A department (docs/domains/users.md#departments): signs communications. */
export const departamento = pgTable('departamento', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull().unique(),
  sigla: text('sigla').notNull(),
  assinatura: text('assinatura'),
});

/**
 * A position (cargo) of the catalogue, which users hold at dealers (docs/domains/users.md#positions).
 * `unicoPorDealer`: one active user per dealer at a time holds it (a dealer's general manager).
 */
export const cargo = pgTable('cargo', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull().unique(),
  unicoPorDealer: boolean('unico_por_dealer').notNull().default(false),
});

/** A reason for a dismissal (the user form's management data). */
export const desligamento = pgTable('desligamento', {
  id: uuid('id').primaryKey().defaultRandom(),
  motivo: text('motivo').notNull().unique(),
});

export const usuarioCargo = pgTable(
  'usuario_cargo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    cargoId: uuid('cargo_id')
      .notNull()
      .references(() => cargo.id),
    dealerId: uuid('dealer_id').references(() => dealer.id),
    departamentoId: uuid('departamento_id').references(() => departamento.id),
    dataInicio: date('data_inicio').notNull(),
  },
  (t) => [
    index('usuario_cargo_usuario_idx').on(t.usuarioId),
    // podeAdicionarCargo: who holds a position at a dealer.
    index('usuario_cargo_dealer_idx').on(t.dealerId, t.cargoId),
  ],
);

/** Guided tours a user has finished (docs/domains/menu-and-shell.md#guided-tour). */
export const usuarioOnboarding = pgTable(
  'usuario_onboarding',
  {
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    onboardingId: text('onboarding_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('usuario_onboarding_uq').on(t.usuarioId, t.onboardingId)],
);
