CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" uuid,
	"data" timestamp with time zone DEFAULT now() NOT NULL,
	"entidade" text NOT NULL,
	"entidade_id" text NOT NULL,
	"acao" text NOT NULL,
	"antes" jsonb,
	"depois" jsonb
);
--> statement-breakpoint
CREATE TABLE "dealer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"nome_exibicao" text NOT NULL,
	"cnpj" text NOT NULL,
	"cnpjs_adicionais" text[] DEFAULT '{}' NOT NULL,
	"codigo_principal" text NOT NULL,
	"codigos_adicionais" text[] DEFAULT '{}' NOT NULL,
	"grupo_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"logradouro" text,
	"bairro" text,
	"cidade" text,
	"cep" text,
	"complemento" text,
	"uf" text,
	"contatos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_cnpj_unique" UNIQUE("cnpj"),
	CONSTRAINT "dealer_codigo_principal_unique" UNIQUE("codigo_principal")
);
--> statement-breakpoint
CREATE TABLE "dealer_marca" (
	"dealer_id" uuid NOT NULL,
	"marca_id" uuid NOT NULL,
	CONSTRAINT "dealer_marca_dealer_id_marca_id_pk" PRIMARY KEY("dealer_id","marca_id")
);
--> statement-breakpoint
CREATE TABLE "marca" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"descricao" text NOT NULL,
	"facebook_id" text,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "marca_descricao_unique" UNIQUE("descricao")
);
--> statement-breakpoint
CREATE TABLE "grupo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grupo_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "menu" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"titulo" text NOT NULL,
	"titulo_chave" text,
	"uri" text,
	"produto_id" uuid,
	"ordem" integer DEFAULT 0 NOT NULL,
	"externo" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"chaves" text[] DEFAULT '{}' NOT NULL,
	"tipos" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacao" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"produto_id" uuid,
	"link" text,
	"data" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacao_usuario" (
	"notificacao_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"vista" boolean DEFAULT false NOT NULL,
	"lida" boolean DEFAULT false NOT NULL,
	"data_leitura" timestamp with time zone,
	CONSTRAINT "notificacao_usuario_usuario_id_notificacao_id_pk" PRIMARY KEY("usuario_id","notificacao_id")
);
--> statement-breakpoint
CREATE TABLE "portal_properties" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"favicon" text,
	"theme" text DEFAULT 'blueOcean' NOT NULL,
	"label_dealer" text NOT NULL,
	"label_dealers" text NOT NULL,
	"label_marca" text NOT NULL,
	"label_marcas" text NOT NULL,
	"label_grupo" text NOT NULL,
	"label_grupos" text NOT NULL,
	"label_novo_grupo" text NOT NULL,
	"label_novo_dealer" text NOT NULL,
	"label_tipo_usuario_dealer_grupo" text NOT NULL,
	"label_tipo_usuario_montadora" text NOT NULL,
	"tipos_usuario_documento_obrigatorio" text[] DEFAULT '{}' NOT NULL,
	"tipos_usuario_informar_cargo" text[] DEFAULT '{}' NOT NULL,
	"tipos_usuario_informar_gestao" text[] DEFAULT '{}' NOT NULL,
	"informar_departamento_cargo" boolean DEFAULT false NOT NULL,
	"link_help_tec" text,
	"link_academia" text,
	"brand_image_url" text,
	"notificacoes_habilitadas" boolean DEFAULT true NOT NULL,
	"onboarding_habilitado" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dado_complementar" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produto_id" uuid,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"url_base" text,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funcionalidade" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produto_id" uuid NOT NULL,
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	CONSTRAINT "funcionalidade_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
CREATE TABLE "produto" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	"base_uri_homolog" text,
	"ordem" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "produto_chave_unique" UNIQUE("chave")
);
--> statement-breakpoint
CREATE TABLE "tipo_acesso" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"produto_id" uuid NOT NULL,
	"nome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_acesso_funcionalidade" (
	"tipo_acesso_id" uuid NOT NULL,
	"funcionalidade_id" uuid NOT NULL,
	CONSTRAINT "tipo_acesso_funcionalidade_tipo_acesso_id_funcionalidade_id_pk" PRIMARY KEY("tipo_acesso_id","funcionalidade_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"publico" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grupo_usuarios_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "cargo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	CONSTRAINT "cargo_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "departamento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"sigla" text NOT NULL,
	"assinatura" text,
	CONSTRAINT "departamento_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"email" "citext" NOT NULL,
	"keycloak_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"especial" boolean DEFAULT false NOT NULL,
	"ativacao_especial" boolean DEFAULT false NOT NULL,
	"cpf" text,
	"telefones" text[] DEFAULT '{}' NOT NULL,
	"celulares" text[] DEFAULT '{}' NOT NULL,
	"codigos" text[] DEFAULT '{}' NOT NULL,
	"tipo" text NOT NULL,
	"idioma" text DEFAULT 'PT_BR' NOT NULL,
	"avatar_link" text,
	"senha_hash" text,
	"versao" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_acesso" timestamp with time zone,
	"data_admissao" date,
	"email_superior" "citext",
	"data_desligamento" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuario_email_unique" UNIQUE("email"),
	CONSTRAINT "usuario_keycloak_id_unique" UNIQUE("keycloak_id"),
	CONSTRAINT "usuario_cpf_unique" UNIQUE("cpf")
);
--> statement-breakpoint
CREATE TABLE "usuario_cargo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid NOT NULL,
	"cargo_id" uuid NOT NULL,
	"dealer_id" uuid,
	"departamento_id" uuid,
	"data_inicio" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_dado_complementar" (
	"usuario_id" uuid NOT NULL,
	"dado_complementar_id" uuid NOT NULL,
	CONSTRAINT "usuario_dado_complementar_usuario_id_dado_complementar_id_pk" PRIMARY KEY("usuario_id","dado_complementar_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_dealer" (
	"usuario_id" uuid NOT NULL,
	"dealer_id" uuid NOT NULL,
	CONSTRAINT "usuario_dealer_usuario_id_dealer_id_pk" PRIMARY KEY("usuario_id","dealer_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_funcionalidade" (
	"usuario_id" uuid NOT NULL,
	"funcionalidade_id" uuid NOT NULL,
	CONSTRAINT "usuario_funcionalidade_usuario_id_funcionalidade_id_pk" PRIMARY KEY("usuario_id","funcionalidade_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_grupo" (
	"usuario_id" uuid NOT NULL,
	"grupo_id" uuid NOT NULL,
	CONSTRAINT "usuario_grupo_usuario_id_grupo_id_pk" PRIMARY KEY("usuario_id","grupo_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_grupo_usuarios" (
	"usuario_id" uuid NOT NULL,
	"grupo_usuarios_id" uuid NOT NULL,
	CONSTRAINT "usuario_grupo_usuarios_usuario_id_grupo_usuarios_id_pk" PRIMARY KEY("usuario_id","grupo_usuarios_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_marca" (
	"usuario_id" uuid NOT NULL,
	"marca_id" uuid NOT NULL,
	CONSTRAINT "usuario_marca_usuario_id_marca_id_pk" PRIMARY KEY("usuario_id","marca_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_onboarding" (
	"usuario_id" uuid NOT NULL,
	"onboarding_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_tipo_acesso" (
	"usuario_id" uuid NOT NULL,
	"tipo_acesso_id" uuid NOT NULL,
	CONSTRAINT "usuario_tipo_acesso_usuario_id_tipo_acesso_id_pk" PRIMARY KEY("usuario_id","tipo_acesso_id")
);
--> statement-breakpoint
CREATE TABLE "login_pendente" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"return_to" text DEFAULT '/' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_tentativa" (
	"chave" text PRIMARY KEY NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"janela_inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_ate" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_payload" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payload_id_type_pk" PRIMARY KEY("id","type")
);
--> statement-breakpoint
CREATE TABLE "segredo" (
	"nome" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senha_reset" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessao" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"usuario_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"html" text NOT NULL,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
ALTER TABLE "dealer" ADD CONSTRAINT "dealer_grupo_id_grupo_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_marca" ADD CONSTRAINT "dealer_marca_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_marca" ADD CONSTRAINT "dealer_marca_marca_id_marca_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marca"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu" ADD CONSTRAINT "menu_parent_id_menu_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu" ADD CONSTRAINT "menu_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao" ADD CONSTRAINT "notificacao_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_usuario" ADD CONSTRAINT "notificacao_usuario_notificacao_id_notificacao_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_usuario" ADD CONSTRAINT "notificacao_usuario_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dado_complementar" ADD CONSTRAINT "dado_complementar_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funcionalidade" ADD CONSTRAINT "funcionalidade_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_acesso" ADD CONSTRAINT "tipo_acesso_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_acesso_funcionalidade" ADD CONSTRAINT "tipo_acesso_funcionalidade_tipo_acesso_id_tipo_acesso_id_fk" FOREIGN KEY ("tipo_acesso_id") REFERENCES "public"."tipo_acesso"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipo_acesso_funcionalidade" ADD CONSTRAINT "tipo_acesso_funcionalidade_funcionalidade_id_funcionalidade_id_fk" FOREIGN KEY ("funcionalidade_id") REFERENCES "public"."funcionalidade"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cargo" ADD CONSTRAINT "usuario_cargo_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cargo" ADD CONSTRAINT "usuario_cargo_cargo_id_cargo_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cargo" ADD CONSTRAINT "usuario_cargo_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_cargo" ADD CONSTRAINT "usuario_cargo_departamento_id_departamento_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_dado_complementar" ADD CONSTRAINT "usuario_dado_complementar_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_dado_complementar" ADD CONSTRAINT "usuario_dado_complementar_dado_complementar_id_dado_complementar_id_fk" FOREIGN KEY ("dado_complementar_id") REFERENCES "public"."dado_complementar"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_dealer" ADD CONSTRAINT "usuario_dealer_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_dealer" ADD CONSTRAINT "usuario_dealer_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_funcionalidade" ADD CONSTRAINT "usuario_funcionalidade_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_funcionalidade" ADD CONSTRAINT "usuario_funcionalidade_funcionalidade_id_funcionalidade_id_fk" FOREIGN KEY ("funcionalidade_id") REFERENCES "public"."funcionalidade"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupo" ADD CONSTRAINT "usuario_grupo_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupo" ADD CONSTRAINT "usuario_grupo_grupo_id_grupo_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupo_usuarios" ADD CONSTRAINT "usuario_grupo_usuarios_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_grupo_usuarios" ADD CONSTRAINT "usuario_grupo_usuarios_grupo_usuarios_id_grupo_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupo_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_marca" ADD CONSTRAINT "usuario_marca_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_marca" ADD CONSTRAINT "usuario_marca_marca_id_marca_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marca"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_onboarding" ADD CONSTRAINT "usuario_onboarding_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_tipo_acesso" ADD CONSTRAINT "usuario_tipo_acesso_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_tipo_acesso" ADD CONSTRAINT "usuario_tipo_acesso_tipo_acesso_id_tipo_acesso_id_fk" FOREIGN KEY ("tipo_acesso_id") REFERENCES "public"."tipo_acesso"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_reset" ADD CONSTRAINT "senha_reset_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_entidade_idx" ON "auditoria" USING btree ("entidade","entidade_id");--> statement-breakpoint
CREATE INDEX "dealer_grupo_idx" ON "dealer" USING btree ("grupo_id");--> statement-breakpoint
CREATE INDEX "notificacao_usuario_nao_vista_idx" ON "notificacao_usuario" USING btree ("usuario_id","vista");--> statement-breakpoint
CREATE INDEX "usuario_tipo_idx" ON "usuario" USING btree ("tipo");--> statement-breakpoint
CREATE INDEX "usuario_cargo_usuario_idx" ON "usuario_cargo" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_dado_complementar_target_idx" ON "usuario_dado_complementar" USING btree ("dado_complementar_id");--> statement-breakpoint
CREATE INDEX "usuario_dealer_target_idx" ON "usuario_dealer" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "usuario_funcionalidade_target_idx" ON "usuario_funcionalidade" USING btree ("funcionalidade_id");--> statement-breakpoint
CREATE INDEX "usuario_grupo_target_idx" ON "usuario_grupo" USING btree ("grupo_id");--> statement-breakpoint
CREATE INDEX "usuario_grupo_usuarios_target_idx" ON "usuario_grupo_usuarios" USING btree ("grupo_usuarios_id");--> statement-breakpoint
CREATE INDEX "usuario_marca_target_idx" ON "usuario_marca" USING btree ("marca_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_onboarding_uq" ON "usuario_onboarding" USING btree ("usuario_id","onboarding_id");--> statement-breakpoint
CREATE INDEX "usuario_tipo_acesso_target_idx" ON "usuario_tipo_acesso" USING btree ("tipo_acesso_id");--> statement-breakpoint
CREATE INDEX "oidc_payload_grant_idx" ON "oidc_payload" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payload_uid_idx" ON "oidc_payload" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "sessao_usuario_idx" ON "sessao" USING btree ("usuario_id");