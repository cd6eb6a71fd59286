CREATE TABLE "comunicado_lembrete" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comunicado_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"alvo" text NOT NULL,
	"enviado_em" timestamp with time zone NOT NULL,
	"destinatarios" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comunicado" ADD COLUMN "exige_confirmacao" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comunicado_envio" ADD COLUMN "data_confirmacao" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comunicado_lembrete" ADD CONSTRAINT "comunicado_lembrete_comunicado_id_comunicado_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_lembrete" ADD CONSTRAINT "comunicado_lembrete_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_lembrete_comunicado_idx" ON "comunicado_lembrete" USING btree ("comunicado_id","enviado_em");