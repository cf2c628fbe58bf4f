// Placeholder replaced by the foundation work: prepares a PostgreSQL template database when
// DATABASE_URL is set; PGlite needs nothing here.
export default function setup() {}
