-- How each session was opened (issue 24): `password` or `sso` (single sign-on through the company's
-- OpenID provider), shown on the signed-in devices page. (The snapshot beside this migration is the
-- whole schema as of now: migrations 0028 to 0033 were written by hand without one.)
ALTER TABLE "sessions" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;
