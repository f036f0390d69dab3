CREATE UNLOGGED TABLE "capture_burst" (
	"client_key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"visitors" integer NOT NULL
);
