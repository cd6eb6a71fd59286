ALTER TABLE "usuario" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (immutable_unaccent(lower(nome))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "usuario_nome_busca_idx" ON "usuario" USING btree ("nome_busca","id");--> statement-breakpoint
CREATE INDEX "usuario_nome_trgm_idx" ON "usuario" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuario_email_trgm_idx" ON "usuario" USING gin (lower("email"::text) gin_trgm_ops);