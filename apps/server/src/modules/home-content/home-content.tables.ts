import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { arquivo } from '../files/files.tables.js';
import { grupoUsuarios } from '../user-groups/user-groups.tables.js';

/**
 * Slides and ads of /home (SPEC §3; docs/domains/home.md), one table told apart by `tipo` ('SLIDE' or
 * 'ANUNCIO'): they share the window, the groups, the image and the administration; the slide-only
 * columns stay null for an ad. Days are calendar days of the business time zone.
 */
export const conteudoHome = pgTable(
  'conteudo_home',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tipo: text('tipo').$type<'SLIDE' | 'ANUNCIO'>().notNull(),
    titulo: text('titulo').notNull(),
    corTitulo: text('cor_titulo'),
    tamanhoTitulo: integer('tamanho_titulo'),
    subtitulo: text('subtitulo'),
    corSubtitulo: text('cor_subtitulo'),
    tamanhoSubtitulo: integer('tamanho_subtitulo'),
    tituloBotao: text('titulo_botao'),
    link: text('link'),
    linkTarget: text('link_target').notNull().default('_self'),
    inicioDate: date('inicio_date', { mode: 'string' }).notNull(),
    fimDate: date('fim_date', { mode: 'string' }).notNull(),
    /** The placed upload (files pipeline); null only for demo rows seeded without an image. */
    arquivoId: uuid('arquivo_id').references(() => arquivo.id),
    active: boolean('active').notNull().default(true),
    createdDateTime: timestamp('created_date_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conteudo_home_tipo_fim_idx').on(t.tipo, t.fimDate)],
);

/** The user groups who see a slide or ad (at least one). */
export const conteudoHomeGrupo = pgTable(
  'conteudo_home_grupo',
  {
    conteudoId: uuid('conteudo_id')
      .notNull()
      .references(() => conteudoHome.id, { onDelete: 'cascade' }),
    grupoUsuariosId: uuid('grupo_usuarios_id')
      .notNull()
      .references(() => grupoUsuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.conteudoId, t.grupoUsuariosId] }),
    index('conteudo_home_grupo_grupo_idx').on(t.grupoUsuariosId),
  ],
);

export type ConteudoHomeRow = typeof conteudoHome.$inferSelect;
