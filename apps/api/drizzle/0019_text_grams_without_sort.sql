-- The search grams (0007) without a query per row. The first form ran two
-- generate_series, a UNION ALL and a DISTINCT sort for every matter the GIN index or ANALYZE
-- reads: two thirds of the time `SEED_SCALE=100000` took on PGlite. This form is one expression
-- of built-in array and regex functions, five to seven times faster.
--
-- Same grams: every character but the newline, and every pair of neighbouring characters
-- without a newline. The pairs come from cutting the text after every second character ('.'
-- matches a newline too, so the cuts stay aligned), once from the first character and once from
-- the second; a pair with a newline falls apart into single characters and empty strings, which
-- are already among the grams or removed. Unlike the first form the array is neither sorted nor
-- free of repeats: GIN keeps each key once per row and `@>` compares sets, so the index and
-- every search answer the same (test/db/migration-0019-text-grams.test.ts compares both forms).
CREATE OR REPLACE FUNCTION ipportal_text_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT array_remove(array_remove(
    string_to_array(t, NULL)
      || string_to_array(regexp_replace(t, '..', E'\\&\n', 'g'), E'\n')
      || string_to_array(regexp_replace(substr(t, 2), '..', E'\\&\n', 'g'), E'\n'),
    E'\n'), '')
$$;
--> statement-breakpoint
-- The index holds the same keys either way; rebuilt so no row's entry comes from the old form.
REINDEX INDEX projects_search_grams_idx;
