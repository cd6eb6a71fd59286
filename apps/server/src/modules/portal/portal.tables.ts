import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** One row per installation: the customer's name, theme and configurable labels (docs/domains/portal-properties.md). */
export const portalProperties = pgTable('portal_properties', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  favicon: text('favicon'),
  theme: text('theme').notNull().default('blueOcean'),
  labelDealer: text('label_dealer').notNull(),
  labelDealers: text('label_dealers').notNull(),
  labelMarca: text('label_marca').notNull(),
  labelMarcas: text('label_marcas').notNull(),
  labelGrupo: text('label_grupo').notNull(),
  labelGrupos: text('label_grupos').notNull(),
  labelNovoGrupo: text('label_novo_grupo').notNull(),
  labelNovoDealer: text('label_novo_dealer').notNull(),
  labelTipoUsuarioDealerGrupo: text('label_tipo_usuario_dealer_grupo').notNull(),
  labelTipoUsuarioMontadora: text('label_tipo_usuario_montadora').notNull(),
  tiposUsuarioDocumentoObrigatorio: text('tipos_usuario_documento_obrigatorio').array().notNull().default([]),
  tiposUsuarioInformarCargo: text('tipos_usuario_informar_cargo').array().notNull().default([]),
  tiposUsuarioInformarGestao: text('tipos_usuario_informar_gestao').array().notNull().default([]),
  informarDepartamentoCargo: boolean('informar_departamento_cargo').notNull().default(false),
  linkHelpTec: text('link_help_tec'),
  linkAcademia: text('link_academia'),
  brandImageUrl: text('brand_image_url'),
  notificacoesHabilitadas: boolean('notificacoes_habilitadas').notNull().default(true),
  onboardingHabilitado: boolean('onboarding_habilitado').notNull().default(true),
});
