ALTER TABLE "dealer" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (immutable_unaccent(lower(nome))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer" ADD COLUMN "nome_exibicao_busca" text GENERATED ALWAYS AS (immutable_unaccent(lower(nome_exibicao))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "dealer_nome_exibicao_busca_idx" ON "dealer" USING btree ("nome_exibicao_busca","nome_exibicao","id");--> statement-breakpoint
CREATE INDEX "dealer_nome_busca_idx" ON "dealer" USING btree ("nome_busca","nome_exibicao","id");--> statement-breakpoint
CREATE INDEX "dealer_nome_exibicao_trgm_idx" ON "dealer" USING gin ("nome_exibicao_busca" gin_trgm_ops);