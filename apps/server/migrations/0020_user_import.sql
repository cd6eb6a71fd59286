CREATE TABLE "importacao_usuarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_id" uuid NOT NULL,
	"nome_arquivo" text NOT NULL,
	"storage_key" text NOT NULL,
	"idioma" text NOT NULL,
	"simulacao" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"erro" text,
	"erro_params" jsonb,
	"total" integer DEFAULT 0 NOT NULL,
	"linhas_processadas" integer DEFAULT 0 NOT NULL,
	"criados" integer DEFAULT 0 NOT NULL,
	"atualizados" integer DEFAULT 0 NOT NULL,
	"sem_alteracao" integer DEFAULT 0 NOT NULL,
	"rejeitadas" integer DEFAULT 0 NOT NULL,
	"cabecalho" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "importacao_usuarios_convite" (
	"importacao_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	CONSTRAINT "importacao_usuarios_convite_importacao_id_usuario_id_pk" PRIMARY KEY("importacao_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "importacao_usuarios_erro" (
	"importacao_id" uuid NOT NULL,
	"linha" integer NOT NULL,
	"celulas" jsonb NOT NULL,
	"erros" jsonb NOT NULL,
	CONSTRAINT "importacao_usuarios_erro_importacao_id_linha_pk" PRIMARY KEY("importacao_id","linha")
);
--> statement-breakpoint
ALTER TABLE "importacao_usuarios" ADD CONSTRAINT "importacao_usuarios_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_usuarios_convite" ADD CONSTRAINT "importacao_usuarios_convite_importacao_id_importacao_usuarios_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacao_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_usuarios_convite" ADD CONSTRAINT "importacao_usuarios_convite_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_usuarios_erro" ADD CONSTRAINT "importacao_usuarios_erro_importacao_id_importacao_usuarios_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacao_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacao_usuarios_usuario_idx" ON "importacao_usuarios" USING btree ("usuario_id","created_at");