CREATE TABLE "user_grid_states" (
	"namespace_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"screen" text NOT NULL,
	"state" jsonb NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_grid_states_user_id_screen_pk" PRIMARY KEY("user_id","screen")
);
--> statement-breakpoint
ALTER TABLE "user_grid_states" ADD CONSTRAINT "user_grid_states_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_grid_states" ADD CONSTRAINT "user_grid_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;