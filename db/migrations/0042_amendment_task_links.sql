-- Issue 29 item 4: amendment inbox tasks opened before the fix link to the policy page's
-- `#amendment` anchor, which holds no amendment form; they now lead to the amendment page.
UPDATE "tasks" SET "link" = replace("link", '#amendment', '/amendment') WHERE "link" LIKE '%#amendment';
