CREATE TABLE "arquivo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"nome" text NOT NULL,
	"content_type" text NOT NULL,
	"tamanho" bigint NOT NULL,
	"imagem" boolean DEFAULT false NOT NULL,
	"thumbnail_key" text,
	"proprietario_id" uuid NOT NULL,
	"file_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "arquivo_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "arquivo" ADD CONSTRAINT "arquivo_proprietario_id_usuario_id_fk" FOREIGN KEY ("proprietario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "arquivo_proprietario_idx" ON "arquivo" USING btree ("proprietario_id");