DROP INDEX "comunicado_titulo_trgm_idx";--> statement-breakpoint
ALTER TABLE "comunicado" ADD COLUMN "titulo_busca" text GENERATED ALWAYS AS (immutable_unaccent(lower(titulo))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "comunicado_titulo_busca_trgm_idx" ON "comunicado" USING gin ("titulo_busca" gin_trgm_ops);