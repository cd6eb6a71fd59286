CREATE TABLE "conteudo_home" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"cor_titulo" text,
	"tamanho_titulo" integer,
	"subtitulo" text,
	"cor_subtitulo" text,
	"tamanho_subtitulo" integer,
	"titulo_botao" text,
	"link" text,
	"link_target" text DEFAULT '_self' NOT NULL,
	"inicio_date" date NOT NULL,
	"fim_date" date NOT NULL,
	"arquivo_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_date_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conteudo_home_grupo" (
	"conteudo_id" uuid NOT NULL,
	"grupo_usuarios_id" uuid NOT NULL,
	CONSTRAINT "conteudo_home_grupo_conteudo_id_grupo_usuarios_id_pk" PRIMARY KEY("conteudo_id","grupo_usuarios_id")
);
--> statement-breakpoint
ALTER TABLE "conteudo_home" ADD CONSTRAINT "conteudo_home_arquivo_id_arquivo_id_fk" FOREIGN KEY ("arquivo_id") REFERENCES "public"."arquivo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteudo_home_grupo" ADD CONSTRAINT "conteudo_home_grupo_conteudo_id_conteudo_home_id_fk" FOREIGN KEY ("conteudo_id") REFERENCES "public"."conteudo_home"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteudo_home_grupo" ADD CONSTRAINT "conteudo_home_grupo_grupo_usuarios_id_grupo_usuarios_id_fk" FOREIGN KEY ("grupo_usuarios_id") REFERENCES "public"."grupo_usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conteudo_home_tipo_fim_idx" ON "conteudo_home" USING btree ("tipo","fim_date");--> statement-breakpoint
CREATE INDEX "conteudo_home_grupo_grupo_idx" ON "conteudo_home_grupo" USING btree ("grupo_usuarios_id");