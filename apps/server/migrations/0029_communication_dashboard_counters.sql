CREATE TABLE "comunicado_painel" (
	"comunicado_id" uuid NOT NULL,
	"fatia" text NOT NULL,
	"ref" text NOT NULL,
	"destinatarios" integer DEFAULT 0 NOT NULL,
	"lidos" integer DEFAULT 0 NOT NULL,
	"confirmados" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comunicado_painel_comunicado_id_fatia_ref_pk" PRIMARY KEY("comunicado_id","fatia","ref")
);
