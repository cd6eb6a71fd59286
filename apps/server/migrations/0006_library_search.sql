DROP INDEX "item_biblioteca_pasta_pai_idx";--> statement-breakpoint
DROP INDEX "item_biblioteca_nome_trgm_idx";--> statement-breakpoint
ALTER TABLE "item_biblioteca" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (immutable_unaccent(lower(nome))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "item_biblioteca_nome_busca_idx" ON "item_biblioteca" USING btree ("nome_busca","id") WHERE excluido_em IS NULL;--> statement-breakpoint
CREATE INDEX "item_biblioteca_pasta_pai_idx" ON "item_biblioteca" USING btree ("pasta_pai_id","pasta" DESC NULLS LAST,"nome_busca","id") WHERE excluido_em IS NULL;--> statement-breakpoint
CREATE INDEX "item_biblioteca_nome_trgm_idx" ON "item_biblioteca" USING gin ("nome_busca" gin_trgm_ops);