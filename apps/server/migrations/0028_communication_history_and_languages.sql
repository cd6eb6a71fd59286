CREATE TABLE "comunicado_historico" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comunicado_id" uuid NOT NULL,
	"evento" text NOT NULL,
	"ator_id" uuid,
	"data" timestamp with time zone DEFAULT now() NOT NULL,
	"motivo" text,
	"conteudo" jsonb,
	"detalhes" jsonb
);
--> statement-breakpoint
ALTER TABLE "comunicado" ADD COLUMN "idioma" text;--> statement-breakpoint
ALTER TABLE "comunicado" ADD COLUMN "traducoes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notificacao" ADD COLUMN "traducoes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "comunicado_historico" ADD CONSTRAINT "comunicado_historico_comunicado_id_comunicado_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_historico_comunicado_idx" ON "comunicado_historico" USING btree ("comunicado_id","data");