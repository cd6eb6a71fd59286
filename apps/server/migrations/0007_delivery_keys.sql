ALTER TABLE "comunicado_envio" DROP CONSTRAINT "comunicado_envio_unico";--> statement-breakpoint
ALTER TABLE "comunicado_envio" DROP CONSTRAINT "comunicado_envio_comunicado_id_comunicado_id_fk";
--> statement-breakpoint
ALTER TABLE "comunicado_envio" DROP CONSTRAINT "comunicado_envio_usuario_id_usuario_id_fk";
--> statement-breakpoint
ALTER TABLE "notificacao_usuario" DROP CONSTRAINT "notificacao_usuario_notificacao_id_notificacao_id_fk";
--> statement-breakpoint
ALTER TABLE "notificacao_usuario" DROP CONSTRAINT "notificacao_usuario_usuario_id_usuario_id_fk";
--> statement-breakpoint
-- The old primary key goes with the id column; then the pair becomes the key.
ALTER TABLE "comunicado_envio" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "comunicado_envio" ADD CONSTRAINT "comunicado_envio_comunicado_id_usuario_id_pk" PRIMARY KEY("comunicado_id","usuario_id");