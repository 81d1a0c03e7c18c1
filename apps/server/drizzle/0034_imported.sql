CREATE TABLE "imported" (
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" uuid NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_source_kind_source_id_pk" PRIMARY KEY("source","kind","source_id")
);
