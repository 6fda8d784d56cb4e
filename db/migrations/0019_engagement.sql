CREATE TYPE "public"."commenter_type" AS ENUM('Oshc', 'Agency', 'agency_user');--> statement-breakpoint
CREATE TYPE "public"."promotion_status" AS ENUM('DRAFT', 'PUBLISHED');--> statement-breakpoint
CREATE TYPE "public"."ticket_priority" AS ENUM('URGENT', 'MEDIUM', 'LOW');--> statement-breakpoint
CREATE TYPE "public"."ticket_project" AS ENUM('OSHC', 'YOUR_OVHC');--> statement-breakpoint
CREATE TYPE "public"."ticket_stage" AS ENUM('BACKLOG', 'TODO', 'IN_PROGRESS', 'DONE');--> statement-breakpoint
CREATE TYPE "public"."ticket_type" AS ENUM('BUG', 'NEW_FEATURE', 'IMPROVEMENT');--> statement-breakpoint
CREATE TABLE "feedback_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"content" text NOT NULL,
	"comment_type" text DEFAULT 'COMMENT' NOT NULL,
	"user_type" "commenter_type" NOT NULL,
	"commentor_id" integer NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" "ticket_type" NOT NULL,
	"priority" "ticket_priority" DEFAULT 'MEDIUM' NOT NULL,
	"project_name" "ticket_project" DEFAULT 'OSHC' NOT NULL,
	"stage" "ticket_stage" DEFAULT 'BACKLOG' NOT NULL,
	"attachments" text[] DEFAULT '{}' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"reporter_id" integer NOT NULL,
	"reporter_type" "commenter_type" NOT NULL,
	"agency_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"thumbnail" text,
	"publish_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" "promotion_status" DEFAULT 'DRAFT' NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_comments" ADD CONSTRAINT "feedback_comments_ticket_id_feedback_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."feedback_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_comments" ADD CONSTRAINT "feedback_comments_commentor_id_identities_id_fk" FOREIGN KEY ("commentor_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_tickets" ADD CONSTRAINT "feedback_tickets_reporter_id_identities_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_tickets" ADD CONSTRAINT "feedback_tickets_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_updated_by_identities_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_comments_ticket_idx" ON "feedback_comments" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_tickets_agency_idx" ON "feedback_tickets" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_tickets_stage_idx" ON "feedback_tickets" USING btree ("stage","created_at");--> statement-breakpoint
CREATE INDEX "promotions_status_publish_idx" ON "promotions" USING btree ("status","publish_date");--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "promotions" USING btree ("created_at");