CREATE TABLE "dealer_dado_complementar" (
	"dealer_id" uuid NOT NULL,
	"dado_complementar_id" uuid NOT NULL,
	"valor" text NOT NULL,
	CONSTRAINT "dealer_dado_complementar_dealer_id_dado_complementar_id_pk" PRIMARY KEY("dealer_id","dado_complementar_id")
);
--> statement-breakpoint
CREATE TABLE "dealer_produto" (
	"dealer_id" uuid NOT NULL,
	"produto_id" uuid NOT NULL,
	CONSTRAINT "dealer_produto_dealer_id_produto_id_pk" PRIMARY KEY("dealer_id","produto_id")
);
--> statement-breakpoint
ALTER TABLE "dealer_dado_complementar" ADD CONSTRAINT "dealer_dado_complementar_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_dado_complementar" ADD CONSTRAINT "dealer_dado_complementar_dado_complementar_id_dado_complementar_id_fk" FOREIGN KEY ("dado_complementar_id") REFERENCES "public"."dado_complementar"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_produto" ADD CONSTRAINT "dealer_produto_dealer_id_dealer_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_produto" ADD CONSTRAINT "dealer_produto_produto_id_produto_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dealer_marca_marca_idx" ON "dealer_marca" USING btree ("marca_id");