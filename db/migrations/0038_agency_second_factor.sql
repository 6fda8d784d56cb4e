-- Issue 24: an agency's user_management may require its users to set up a second factor.
ALTER TABLE "agencies" ADD COLUMN "users_need_second_factor" boolean DEFAULT false NOT NULL;