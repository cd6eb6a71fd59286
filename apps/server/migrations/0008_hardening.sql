ALTER TABLE "arquivo" ADD COLUMN "colocado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_pendente" ADD COLUMN "navegador_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "arquivo_nao_colocado_idx" ON "arquivo" USING btree ("created_at") WHERE colocado_em IS NULL;--> statement-breakpoint
-- Uploads already filed in the library or attached to a communication count as placed.
UPDATE "arquivo" SET "colocado_em" = "created_at"
 WHERE "id" IN (SELECT "arquivo_id" FROM "item_biblioteca" WHERE "arquivo_id" IS NOT NULL
                UNION SELECT "arquivo_id" FROM "comunicado_arquivo");
