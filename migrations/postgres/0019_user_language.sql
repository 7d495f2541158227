-- Issue 23: each user's interface language ('en' or 'ar') and digits ('latin' 0-9 or
-- 'arabic' for the Arabic-Indic ٠-٩); the rules crate holds both vocabularies. Existing
-- and new accounts start in English with Latin digits.
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar'));
ALTER TABLE users ADD COLUMN numerals TEXT NOT NULL DEFAULT 'latin' CHECK (numerals IN ('latin', 'arabic'));
