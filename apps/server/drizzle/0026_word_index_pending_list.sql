-- The index takes new rows in a pending list that the insert past the limit merges: 4 MB (the default) held one
-- send for about 200 ms every 3,600 messages on the embedded database; 256 kB spreads the same work into short steps.
ALTER INDEX "messages_body_words_idx" SET (gin_pending_list_limit = 256);
