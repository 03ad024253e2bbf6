// A deal fixed by a record that the rules cannot produce. Raised deep inside round set-up and
// turned into a RECORD_DEAL_INVALID error where the engine returns results.
export class DealError extends Error {}
