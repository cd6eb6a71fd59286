CREATE TABLE "comunicado" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo" text NOT NULL,
	"mensagem" text NOT NULL,
	"status" text DEFAULT 'RASCUNHO' NOT NULL,
	"criador_id" uuid NOT NULL,
	"aprovador_id" uuid,
	"motivo_rejeicao" text,
	"data_hora_agendamento" timestamp with time zone,
	"envio_date_time" timestamp with time zone,
	"created_date_time" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"departamento_id" uuid,
	"etiquetas" text[] DEFAULT '{}' NOT NULL,
	"emails_avulsos" text[] DEFAULT '{}' NOT NULL,
	"data_inicio_exibicao" timestamp with time zone,
	"data_fim_exibicao" timestamp with time zone,
	"id_parent" uuid,
	"justificativa" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comunicado_arquivo" (
	"comunicado_id" uuid NOT NULL,
	"arquivo_id" uuid NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comunicado_arquivo_comunicado_id_arquivo_id_pk" PRIMARY KEY("comunicado_id","arquivo_id")
);
--> statement-breakpoint
CREATE TABLE "comunicado_email_avulso" (
	"comunicado_id" uuid NOT NULL,
	"email" text NOT NULL,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "comunicado_email_avulso_comunicado_id_email_pk" PRIMARY KEY("comunicado_id","email")
);
--> statement-breakpoint
CREATE TABLE "comunicado_envio" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comunicado_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	"data_recebimento" timestamp with time zone DEFAULT now() NOT NULL,
	"lido" boolean DEFAULT false NOT NULL,
	"data_leitura" timestamp with time zone,
	"favorito" boolean DEFAULT false NOT NULL,
	"arquivado" boolean DEFAULT false NOT NULL,
	"email_enviado_em" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "comunicado_envio_unico" UNIQUE("comunicado_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "comunicado_grupo" (
	"comunicado_id" uuid NOT NULL,
	"grupo_id" uuid NOT NULL,
	CONSTRAINT "comunicado_grupo_comunicado_id_grupo_id_pk" PRIMARY KEY("comunicado_id","grupo_id")
);
--> statement-breakpoint
CREATE TABLE "comunicado_grupo_usuarios" (
	"comunicado_id" uuid NOT NULL,
	"grupo_usuarios_id" uuid NOT NULL,
	CONSTRAINT "comunicado_grupo_usuarios_comunicado_id_grupo_usuarios_id_pk" PRIMARY KEY("comunicado_id","grupo_usuarios_id")
);
--> statement-breakpoint
CREATE TABLE "comunicado_usuario_removido" (
	"comunicado_id" uuid NOT NULL,
	"usuario_id" uuid NOT NULL,
	CONSTRAINT "comunicado_usuario_removido_comunicado_id_usuario_id_pk" PRIMARY KEY("comunicado_id","usuario_id")
);
--> statement-breakpoint
ALTER TABLE "comunicado" ADD CONSTRAINT "comunicado_criador_id_usuario_id_fk" FOREIGN KEY ("criador_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado" ADD CONSTRAINT "comunicado_aprovador_id_usuario_id_fk" FOREIGN KEY ("aprovador_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado" ADD CONSTRAINT "comunicado_departamento_id_departamento_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado" ADD CONSTRAINT "comunicado_id_parent_comunicado_id_fk" FOREIGN KEY ("id_parent") REFERENCES "public"."comunicado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_arquivo" ADD CONSTRAINT "comunicado_arquivo_comunicado_id_comunicado_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicado"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_arquivo" ADD CONSTRAINT "comunicado_arquivo_arquivo_id_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_email_avulso" ADD CONSTRAINT "comunicado_email_avulso_comunicado_id_comunicado_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_envio" ADD CONSTRAINT "comunicado_envio_comunicado_id_comunicado_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_envio" ADD CONSTRAINT "comunicado_envio_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_grupo" ADD CONSTRAINT "comunicado_grupo_comunicado_id_comunicado_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicado"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_grupo" ADD CONSTRAINT "comunicado_grupo_grupo_id_grupo_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_grupo_usuarios" ADD CONSTRAINT "comunicado_grupo_usuarios_comunicado_id_comunicado_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicado"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_grupo_usuarios" ADD CONSTRAINT "comunicado_grupo_usuarios_grupo_usuarios_id_grupo_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupo_usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_usuario_removido" ADD CONSTRAINT "comunicado_usuario_removido_comunicado_id_comunicado_id_fk" FOREIGN KEY ("comunicado_id") REFERENCES "public"."comunicado"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comunicado_usuario_removido" ADD CONSTRAINT "comunicado_usuario_removido_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comunicado_criador_idx" ON "comunicado" USING btree ("criador_id");--> statement-breakpoint
CREATE INDEX "comunicado_aprovador_idx" ON "comunicado" USING btree ("aprovador_id");--> statement-breakpoint
CREATE INDEX "comunicado_agendado_idx" ON "comunicado" USING btree ("status","data_hora_agendamento");--> statement-breakpoint
CREATE INDEX "comunicado_parent_idx" ON "comunicado" USING btree ("id_parent");--> statement-breakpoint
CREATE INDEX "comunicado_envio_usuario_idx" ON "comunicado_envio" USING btree ("usuario_id","data_recebimento");