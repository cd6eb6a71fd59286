-- Text search in three languages that folds accents (decision 0043): each configuration is its language's,
-- with unaccent before the stemmer.
CREATE TEXT SEARCH CONFIGURATION busca_pt (COPY = portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION busca_pt ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION busca_es (COPY = spanish);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION busca_es ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION busca_en (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION busca_en ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TABLE "arquivo_texto" (
	"arquivo_id" uuid PRIMARY KEY NOT NULL,
	"estado" text NOT NULL,
	"texto" text,
	"vetor" "tsvector",
	"truncado" boolean DEFAULT false NOT NULL,
	"motivo" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"reservado_ate" timestamp with time zone,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arquivo_texto" ADD CONSTRAINT "arquivo_texto_arquivo_id_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arquivo_texto_vetor_idx" ON "arquivo_texto" USING gin ("vetor");--> statement-breakpoint
CREATE INDEX "arquivo_texto_pendente_idx" ON "arquivo_texto" USING btree ("atualizado_em") WHERE estado = 'PENDENTE';