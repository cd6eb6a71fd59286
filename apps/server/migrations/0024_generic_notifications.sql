CREATE TABLE "modelo_notificacao" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"traducoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacao_generica" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"modelo_id" uuid,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"link" text,
	"audiencia" jsonb NOT NULL,
	"status" text NOT NULL,
	"data_agendamento" timestamp with time zone,
	"enviada_em" timestamp with time zone,
	"destinatarios" integer DEFAULT 0 NOT NULL,
	"criador_id" uuid,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacao_generica_envio" (
	"generica_id" uuid NOT NULL,
	"notificacao_id" uuid NOT NULL,
	CONSTRAINT "notificacao_generica_envio_generica_id_notificacao_id_pk" PRIMARY KEY("generica_id","notificacao_id")
);
--> statement-breakpoint
ALTER TABLE "notificacao_generica" ADD CONSTRAINT "notificacao_generica_modelo_id_modelo_notificacao_id_fk" FOREIGN KEY ("modelo_id") REFERENCES "public"."modelo_notificacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_generica" ADD CONSTRAINT "notificacao_generica_criador_id_usuario_id_fk" FOREIGN KEY ("criador_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_generica_envio" ADD CONSTRAINT "notificacao_generica_envio_generica_id_notificacao_generica_id_fk" FOREIGN KEY ("generica_id") REFERENCES "public"."notificacao_generica"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_generica_envio" ADD CONSTRAINT "notificacao_generica_envio_notificacao_id_notificacao_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificacao_generica_criada_idx" ON "notificacao_generica" USING btree ("criada_em","id");