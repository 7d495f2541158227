-- Two indexes of the listings that wider ones already serve (issue 25): each is the leading
-- column of an index of migration 0014, `properties_status` of `properties_status_created_at`
-- and `properties_created_at` of `properties_created_at_id`, which answer every lookup and
-- order they did. Each new listing wrote both for nothing.
DROP INDEX properties_status;
DROP INDEX properties_created_at;
