-- Search matches words through the trigram index and ranks its candidates on the fly; this index only cost every insert.
DROP INDEX IF EXISTS "messages_body_fts_idx";
