-- Trigram indexes make the "contains" searches of the users and clients lists fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
