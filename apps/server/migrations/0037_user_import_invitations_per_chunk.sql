-- The pending invitations of an import: one row per chunk holding its new users' ids, not one per user
-- (docs/domains/user-import.md#processing). Those pending now become one row per import.
ALTER TABLE "importacao_usuarios_convite" RENAME TO "importacao_usuarios_convite_por_usuario";--> statement-breakpoint
CREATE TABLE "importacao_usuarios_convite" (
	"importacao_id" uuid NOT NULL,
	"inicio" integer NOT NULL,
	"usuario_ids" uuid[] NOT NULL,
	CONSTRAINT "importacao_usuarios_convite_importacao_id_inicio_pk" PRIMARY KEY("importacao_id","inicio")
);
--> statement-breakpoint
ALTER TABLE "importacao_usuarios_convite" ADD CONSTRAINT "importacao_usuarios_convite_importacao_id_importacao_usuarios_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacao_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "importacao_usuarios_convite" ("importacao_id", "inicio", "usuario_ids")
  SELECT "importacao_id", 0, array_agg("usuario_id" ORDER BY "usuario_id")
    FROM "importacao_usuarios_convite_por_usuario" GROUP BY "importacao_id";--> statement-breakpoint
DROP TABLE "importacao_usuarios_convite_por_usuario";
