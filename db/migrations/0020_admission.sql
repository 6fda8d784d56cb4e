CREATE TYPE "public"."admission_english_test_type" AS ENUM('IELTS', 'PTE', 'TOEFL');--> statement-breakpoint
CREATE TYPE "public"."admission_enrollment_status" AS ENUM('REQUESTED', 'PROCESSING', 'ADDITIONAL_INFO_REQUIRED', 'REJECTED', 'ENROLLED');--> statement-breakpoint
CREATE TYPE "public"."admission_student_document_category" AS ENUM('PASSPORT', 'TRANSCRIPT', 'ENGLISH_TEST_RESULT', 'OTHER');--> statement-breakpoint
CREATE TYPE "public"."admission_university_status" AS ENUM('AVAILABLE', 'NOT_AVAILABLE');--> statement-breakpoint
CREATE TYPE "public"."admission_university_type" AS ENUM('COLLEGE', 'UNIVERSITY', 'INSTITUTE', 'PUBLIC_UNIVERSITY');--> statement-breakpoint
CREATE TABLE "admission_agency_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_course_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_course_intakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"application_deadline" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_course_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"minimum_grade" text NOT NULL,
	"qualification_level" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"currency" "currency" DEFAULT 'AUD' NOT NULL,
	"duration" integer NOT NULL,
	"fee_amount" bigint NOT NULL,
	"profile_image" text,
	"website_url" text,
	"cricos_code" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_english_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"english_test_type" "admission_english_test_type" NOT NULL,
	"listening" double precision NOT NULL,
	"reading" double precision NOT NULL,
	"speaking" double precision NOT NULL,
	"writing" double precision NOT NULL,
	"overall" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_enrollment_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"from_status" "admission_enrollment_status",
	"to_status" "admission_enrollment_status" NOT NULL,
	"note" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_enrollment_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_enrollment_id" integer NOT NULL,
	"content" text NOT NULL,
	"author_id" integer NOT NULL,
	"author_kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"agency_id" integer,
	"university_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"intake_id" integer,
	"course_name" text NOT NULL,
	"intake_period_month" smallint NOT NULL,
	"intake_period_year" smallint NOT NULL,
	"status" "admission_enrollment_status" DEFAULT 'REQUESTED' NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_scholarships" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"criteria" text NOT NULL,
	"currency" "currency" DEFAULT 'AUD' NOT NULL,
	"duration" text NOT NULL,
	"fee" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_student_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"category" "admission_student_document_category" DEFAULT 'OTHER' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_students" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"country_id" integer NOT NULL,
	"dob" date NOT NULL,
	"profile_image" text,
	"created_by" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admission_universities" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"full_address" text NOT NULL,
	"street_address_1" text,
	"street_address_2" text,
	"country_id" integer NOT NULL,
	"email" text NOT NULL,
	"establishment_date" date,
	"logo" text,
	"phone_number" text NOT NULL,
	"type" "admission_university_type" NOT NULL,
	"status" "admission_university_status" DEFAULT 'AVAILABLE' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admission_agency_links" ADD CONSTRAINT "admission_agency_links_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_agency_links" ADD CONSTRAINT "admission_agency_links_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_course_documents" ADD CONSTRAINT "admission_course_documents_course_id_admission_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."admission_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_course_intakes" ADD CONSTRAINT "admission_course_intakes_course_id_admission_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."admission_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_course_requirements" ADD CONSTRAINT "admission_course_requirements_course_id_admission_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."admission_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_courses" ADD CONSTRAINT "admission_courses_university_id_admission_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."admission_universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_english_requirements" ADD CONSTRAINT "admission_english_requirements_course_id_admission_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."admission_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollment_history" ADD CONSTRAINT "admission_enrollment_history_enrollment_id_admission_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."admission_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollment_notes" ADD CONSTRAINT "admission_enrollment_notes_student_enrollment_id_admission_enrollments_id_fk" FOREIGN KEY ("student_enrollment_id") REFERENCES "public"."admission_enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollment_notes" ADD CONSTRAINT "admission_enrollment_notes_author_id_identities_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollments" ADD CONSTRAINT "admission_enrollments_student_id_admission_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."admission_students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollments" ADD CONSTRAINT "admission_enrollments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollments" ADD CONSTRAINT "admission_enrollments_university_id_admission_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."admission_universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollments" ADD CONSTRAINT "admission_enrollments_course_id_admission_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."admission_courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollments" ADD CONSTRAINT "admission_enrollments_intake_id_admission_course_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."admission_course_intakes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_enrollments" ADD CONSTRAINT "admission_enrollments_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_scholarships" ADD CONSTRAINT "admission_scholarships_course_id_admission_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."admission_courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_student_documents" ADD CONSTRAINT "admission_student_documents_student_id_admission_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."admission_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_student_documents" ADD CONSTRAINT "admission_student_documents_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_students" ADD CONSTRAINT "admission_students_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_students" ADD CONSTRAINT "admission_students_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_students" ADD CONSTRAINT "admission_students_created_by_identities_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_universities" ADD CONSTRAINT "admission_universities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_agency_links_agency_idx" ON "admission_agency_links" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "admission_course_documents_course_idx" ON "admission_course_documents" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "admission_course_intakes_course_idx" ON "admission_course_intakes" USING btree ("course_id","year","month");--> statement-breakpoint
CREATE INDEX "admission_course_intakes_month_idx" ON "admission_course_intakes" USING btree ("month");--> statement-breakpoint
CREATE INDEX "admission_course_requirements_course_idx" ON "admission_course_requirements" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "admission_courses_university_idx" ON "admission_courses" USING btree ("university_id");--> statement-breakpoint
CREATE INDEX "admission_courses_fee_idx" ON "admission_courses" USING btree ("fee_amount");--> statement-breakpoint
CREATE INDEX "admission_english_requirements_course_idx" ON "admission_english_requirements" USING btree ("course_id","english_test_type");--> statement-breakpoint
CREATE INDEX "admission_enrollment_history_enrollment_idx" ON "admission_enrollment_history" USING btree ("enrollment_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_enrollment_notes_enrollment_idx" ON "admission_enrollment_notes" USING btree ("student_enrollment_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_enrollments_status_idx" ON "admission_enrollments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "admission_enrollments_agency_idx" ON "admission_enrollments" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_enrollments_student_idx" ON "admission_enrollments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "admission_enrollments_course_idx" ON "admission_enrollments" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "admission_scholarships_course_idx" ON "admission_scholarships" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "admission_student_documents_student_idx" ON "admission_student_documents" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "admission_students_agency_idx" ON "admission_students" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "admission_universities_filter_idx" ON "admission_universities" USING btree ("status","type","country_id");--> statement-breakpoint
CREATE INDEX "admission_universities_name_idx" ON "admission_universities" USING btree ("full_name");