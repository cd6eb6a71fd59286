CREATE TABLE "item_biblioteca" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"pasta" boolean NOT NULL,
	"pasta_pai_id" uuid,
	"caminho" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"acl_item_id" uuid,
	"arquivo_id" uuid,
	"proprietario_id" uuid,
	"data_criacao" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_modificacao" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"excluido_com" uuid
);
--> statement-breakpoint
CREATE TABLE "permissao_item_biblioteca" (
	"item_id" uuid NOT NULL,
	"grupo_usuarios_id" uuid NOT NULL,
	"permissao" text NOT NULL,
	CONSTRAINT "permissao_item_biblioteca_item_id_grupo_usuarios_id_pk" PRIMARY KEY("item_id","grupo_usuarios_id")
);
--> statement-breakpoint
ALTER TABLE "item_biblioteca" ADD CONSTRAINT "item_biblioteca_pasta_pai_id_item_biblioteca_id_fk" FOREIGN KEY ("pasta_pai_id") REFERENCES "public"."item_biblioteca"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_biblioteca" ADD CONSTRAINT "item_biblioteca_acl_item_id_item_biblioteca_id_fk" FOREIGN KEY ("acl_item_id") REFERENCES "public"."item_biblioteca"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_biblioteca" ADD CONSTRAINT "item_biblioteca_arquivo_id_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_biblioteca" ADD CONSTRAINT "item_biblioteca_proprietario_id_usuario_id_fk" FOREIGN KEY ("proprietario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissao_item_biblioteca" ADD CONSTRAINT "permissao_item_biblioteca_item_id_item_biblioteca_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item_biblioteca"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permissao_item_biblioteca" ADD CONSTRAINT "permissao_item_biblioteca_grupo_usuarios_id_grupo_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupo_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_biblioteca_pasta_pai_idx" ON "item_biblioteca" USING btree ("pasta_pai_id","pasta" DESC NULLS LAST,immutable_unaccent(lower("nome")),"id") WHERE excluido_em IS NULL;--> statement-breakpoint
CREATE INDEX "item_biblioteca_caminho_idx" ON "item_biblioteca" USING gin ("caminho");--> statement-breakpoint
CREATE INDEX "item_biblioteca_acl_idx" ON "item_biblioteca" USING btree ("acl_item_id");--> statement-breakpoint
CREATE INDEX "item_biblioteca_modificacao_idx" ON "item_biblioteca" USING btree ("ultima_modificacao");--> statement-breakpoint
CREATE INDEX "item_biblioteca_nome_trgm_idx" ON "item_biblioteca" USING gin (immutable_unaccent(lower("nome")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "permissao_item_biblioteca_grupo_idx" ON "permissao_item_biblioteca" USING btree ("grupo_usuarios_id");