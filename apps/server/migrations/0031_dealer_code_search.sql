-- A list of terms as one text, the terms apart by chr(31) (no typed search holds it): what a trigram index and a
-- LIKE can search. search_codes adds each code in lower case and on its letters and digits alone.
CREATE OR REPLACE FUNCTION search_terms(terms text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(string_agg(t, chr(31)), '') FROM unnest(terms) t $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_codes(terms text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(string_agg(lower(t) || chr(31) || regexp_replace(lower(t), '[^a-z0-9]', '', 'g'), chr(31)), '')
        FROM unnest(terms) t $$;--> statement-breakpoint
ALTER TABLE "dealer" ADD COLUMN "codigos_busca" text GENERATED ALWAYS AS (search_codes(array_prepend(codigo_principal, codigos_adicionais))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer" ADD COLUMN "cnpjs_busca" text GENERATED ALWAYS AS (search_terms(array_prepend(cnpj, cnpjs_adicionais))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "dealer_nome_trgm_idx" ON "dealer" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealer_codigos_trgm_idx" ON "dealer" USING gin ("codigos_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dealer_cnpjs_trgm_idx" ON "dealer" USING gin ("cnpjs_busca" gin_trgm_ops);