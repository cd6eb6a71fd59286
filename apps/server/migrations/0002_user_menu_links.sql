CREATE TABLE "link_usuario" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"titulo" text NOT NULL,
	"titulo_chave" text,
	"uri" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"externo" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"chaves" text[] DEFAULT '{}' NOT NULL,
	"tipos" text[] DEFAULT '{}' NOT NULL
);
