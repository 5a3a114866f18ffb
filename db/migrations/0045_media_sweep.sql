-- Unlogged: a run's working list, written anew each day; after a crash the next run starts afresh anyway.
CREATE UNLOGGED TABLE "media_sweep_candidates" (
	"run_id" uuid NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_sweep_candidates_run_id_key_pk" PRIMARY KEY("run_id","key")
);
