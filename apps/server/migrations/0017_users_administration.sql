CREATE TABLE "desligamento" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"motivo" text NOT NULL,
	CONSTRAINT "desligamento_motivo_unique" UNIQUE("motivo")
);
--> statement-breakpoint
DROP INDEX "usuario_tipo_idx";--> statement-breakpoint
ALTER TABLE "cargo" ADD COLUMN "unico_por_dealer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "desligamento_id" uuid;--> statement-breakpoint
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_desligamento_id_desligamento_id_fk" FOREIGN KEY ("desligamento_id") REFERENCES "public"."desligamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuario_email_lower_idx" ON "usuario" USING btree (lower("email"::text),"id");--> statement-breakpoint
CREATE INDEX "usuario_tipo_nome_idx" ON "usuario" USING btree ("tipo","nome_busca","id");--> statement-breakpoint
CREATE INDEX "usuario_ultimo_acesso_idx" ON "usuario" USING btree ("ultimo_acesso" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "usuario_created_at_idx" ON "usuario" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "usuario_cargo_dealer_idx" ON "usuario_cargo" USING btree ("dealer_id","cargo_id");