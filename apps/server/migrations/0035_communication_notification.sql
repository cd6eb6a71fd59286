ALTER TABLE "comunicado" ADD COLUMN "notificacao_id" uuid;--> statement-breakpoint
ALTER TABLE "comunicado" ADD CONSTRAINT "comunicado_notificacao_id_notificacao_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_notificacao_idx" ON "comunicado" USING btree ("notificacao_id");