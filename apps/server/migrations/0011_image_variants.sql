CREATE TABLE "arquivo_variante" (
	"arquivo_id" uuid NOT NULL,
	"largura" integer NOT NULL,
	"altura" integer NOT NULL,
	"storage_key" text NOT NULL,
	CONSTRAINT "arquivo_variante_arquivo_id_largura_pk" PRIMARY KEY("arquivo_id","largura"),
	CONSTRAINT "arquivo_variante_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "arquivo" ADD COLUMN "largura" integer;--> statement-breakpoint
ALTER TABLE "arquivo" ADD COLUMN "altura" integer;--> statement-breakpoint
ALTER TABLE "arquivo_variante" ADD CONSTRAINT "arquivo_variante_arquivo_id_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE cascade ON UPDATE no action;