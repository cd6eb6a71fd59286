CREATE TABLE "pasta_contagem" (
	"pasta_id" uuid NOT NULL,
	"acl_item_id" uuid NOT NULL,
	"itens" integer NOT NULL,
	CONSTRAINT "pasta_contagem_pasta_id_acl_item_id_pk" PRIMARY KEY("pasta_id","acl_item_id")
);
--> statement-breakpoint
-- Every live item counted under its folder and access rule (the zero UUID for the root and for no rule).
INSERT INTO "pasta_contagem" ("pasta_id", "acl_item_id", "itens")
  SELECT coalesce(pasta_pai_id, '00000000-0000-0000-0000-000000000000'),
         coalesce(acl_item_id, '00000000-0000-0000-0000-000000000000'), count(*)
    FROM item_biblioteca WHERE excluido_em IS NULL GROUP BY 1, 2;--> statement-breakpoint
CREATE OR REPLACE FUNCTION pasta_contagem_manter() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zero CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.pasta_pai_id IS NOT DISTINCT FROM NEW.pasta_pai_id
     AND OLD.acl_item_id IS NOT DISTINCT FROM NEW.acl_item_id
     AND (OLD.excluido_em IS NULL) = (NEW.excluido_em IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.excluido_em IS NULL THEN
    UPDATE pasta_contagem SET itens = itens - 1
     WHERE pasta_id = coalesce(OLD.pasta_pai_id, zero) AND acl_item_id = coalesce(OLD.acl_item_id, zero);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.excluido_em IS NULL THEN
    INSERT INTO pasta_contagem (pasta_id, acl_item_id, itens)
      VALUES (coalesce(NEW.pasta_pai_id, zero), coalesce(NEW.acl_item_id, zero), 1)
      ON CONFLICT (pasta_id, acl_item_id) DO UPDATE SET itens = pasta_contagem.itens + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER pasta_contagem_manter AFTER INSERT OR DELETE OR UPDATE OF pasta_pai_id, acl_item_id, excluido_em
  ON item_biblioteca FOR EACH ROW EXECUTE FUNCTION pasta_contagem_manter();
