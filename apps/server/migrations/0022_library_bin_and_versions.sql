CREATE TABLE "versao_item_biblioteca" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"arquivo_id" uuid NOT NULL,
	"autor_id" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_biblioteca" ADD COLUMN "excluido_por" uuid;--> statement-breakpoint
ALTER TABLE "versao_item_biblioteca" ADD CONSTRAINT "versao_item_biblioteca_item_id_item_biblioteca_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item_biblioteca"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versao_item_biblioteca" ADD CONSTRAINT "versao_item_biblioteca_arquivo_id_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "versao_item_biblioteca" ADD CONSTRAINT "versao_item_biblioteca_autor_id_usuario_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "versao_item_biblioteca_item_numero_idx" ON "versao_item_biblioteca" USING btree ("item_id","numero");--> statement-breakpoint
CREATE INDEX "versao_item_biblioteca_arquivo_idx" ON "versao_item_biblioteca" USING btree ("arquivo_id");--> statement-breakpoint
ALTER TABLE "item_biblioteca" ADD CONSTRAINT "item_biblioteca_excluido_por_usuario_id_fk" FOREIGN KEY ("excluido_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_biblioteca_lixeira_idx" ON "item_biblioteca" USING btree ("excluido_em","id") WHERE excluido_em IS NOT NULL AND id = excluido_com;--> statement-breakpoint
CREATE INDEX "item_biblioteca_excluido_com_idx" ON "item_biblioteca" USING btree ("excluido_com") WHERE excluido_com IS NOT NULL;