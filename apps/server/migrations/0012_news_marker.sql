CREATE TABLE "novidades_visita" (
	"usuario_id" uuid PRIMARY KEY NOT NULL,
	"visto_ate" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "novidades_visita" ADD CONSTRAINT "novidades_visita_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;